/// What the facade refuses before any request is sent. Each is one line with the next step.
public enum FacadeError: Error, Sendable, Equatable, CustomStringConvertible {
    case noLocator
    case locator(LocatorError)
    case unknownService(String, known: [String])
    case unknownVersion(service: String, version: String, available: [String])
    case noActiveService
    /// No service in the locator speaks the API an operation belongs to.
    case noService(api: String)
    case noNextPage
    case noLocation
    case invalidTarget(String)
    case invalidRequest(String)

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
        case .noNextPage:
            return "no next page; run: groups near"
        case .noLocation:
            return "no location set; try: location LAT LON or groups near LAT LON"
        case .invalidTarget(let message), .invalidRequest(let message):
            return message
        }
    }
}
