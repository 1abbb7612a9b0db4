import JSON
import FoundationFree
import APIDescriptions
/// What the facade refuses before any request is sent. Each is one line with the next step.
public enum FacadeError: Error, Sendable, Equatable, CustomStringConvertible {
    case noLocator
    case locator(LocatorError)
    case unknownService(String, known: [String])
    case unknownVersion(service: String, version: String, available: [String])
    case noActiveService
    /// No service in the locator speaks the API an operation belongs to.
    case noService(api: String)
    case invalidTarget(String)
    case invalidRequest(String)
    /// A service (nil: any service in the locator) without a usable OpenAPI document, which `ops`, `call`
    /// and `diff --spec` need; `problem` says why the document it names could not be used.
    case noOpenAPI(service: String?, problem: String?)
    /// `call` refused before sending: an unknown operation, a missing parameter, a bad item.
    case operation(OpenAPIError)
    /// `call OPERATION` without a service, when the current service lacks it and several others have it.
    case ambiguousOperation(String, services: [String])

    public var description: String {
        switch self {
        case .noLocator:
            return "no locator loaded; try: locate URL|PATH"
        case .locator(let error):
            return error.description
        case let .unknownService(name, known):
            let suggestion = Suggestions.closest(to: name, in: known).map { "; did you mean \($0)?" }
                ?? (known.isEmpty ? "" : "; services: " + known.joined(separator: ", "))
            return "unknown service '\(name)'\(suggestion)"
        case let .unknownVersion(service, version, available):
            return "\(service) has no version \(version); available: \(available.joined(separator: ", "))"
        case .noActiveService:
            return "no service in use; try: use SERVICE VERSION"
        case .noService(let api):
            return "no service in the locator speaks the \(api) API; try: services"
        case .invalidTarget(let message), .invalidRequest(let message):
            return message
        case .noOpenAPI(nil, _):
            return "no service in the locator has an OpenAPI document; name one with \"openapi\" in a locator entry"
        case let .noOpenAPI(service?, nil):
            return "\(service) has no OpenAPI document; ops, call and diff --spec need \"openapi\" in its locator entry"
        case let .noOpenAPI(service?, problem?):
            return "\(service): its OpenAPI document cannot be used: \(problem)"
        case .operation(let error):
            return error.description
        case let .ambiguousOperation(name, services):
            let first = services.first ?? "SERVICE"
            return "\(name) is an operation of \(services.joined(separator: ", ")); name one: call \(name) --service \(first)"
        }
    }
}
