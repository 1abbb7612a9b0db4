import JSON
import Schemas

/// Reads `components.securitySchemes` and the `security` requirements of the document and its operations.
struct OpenAPISecurityReader {
    let document: JSONValue
    /// By name, as declared.
    let schemes: [String: OpenAPISecurityScheme]
    /// The document's `security`, which an operation without its own inherits; nil when not declared.
    let documentDefault: OpenAPISecurity?
    /// Where the document's `security` names a scheme `components.securitySchemes` does not declare.
    private(set) var undeclared: [JSONPointer] = []
    /// Where an http scheme names no `scheme` (OpenAPI requires one; peers read past it): it is kept as a
    /// scheme apish cannot send, so a `call` says so rather than sending something else.
    private(set) var unnamedHTTP: [JSONPointer] = []

    init(document: JSONValue) throws(OpenAPIError) {
        self.document = document
        var schemes: [String: OpenAPISecurityScheme] = [:]
        var unnamedHTTP: [JSONPointer] = []
        let pointer = JSONPointer(tokens: ["components", "securitySchemes"])
        if case .object(let declared)? = pointer.resolve(in: document) {
            for (name, value) in declared {
                schemes[name] = try Self.scheme(name, value, at: pointer.appending(name), in: document, unnamedHTTP: &unnamedHTTP)
            }
        }
        self.schemes = schemes
        self.unnamedHTTP = unnamedHTTP
        guard case .object(let root) = document, let security = root["security"] else {
            documentDefault = nil
            return
        }
        var undeclared: [JSONPointer] = []
        documentDefault = try Self.security(security, at: JSONPointer(tokens: ["security"]), schemes: schemes, undeclared: &undeclared)
        self.undeclared = undeclared
    }

    /// What an operation needs: its own `security` when it has one (`[]` included), else the document's;
    /// with the places where it names a scheme that is not declared.
    func security(of operation: JSONObject, at pointer: JSONPointer) throws(OpenAPIError) -> (OpenAPISecurity?, undeclared: [JSONPointer]) {
        guard let value = operation["security"] else { return (documentDefault, []) }
        var undeclared: [JSONPointer] = []
        let read = try Self.security(value, at: pointer.appending("security"), schemes: schemes, undeclared: &undeclared)
        return (read, undeclared)
    }

    /// A requirement naming a scheme that is not declared (a published mistake) keeps it as a scheme
    /// apish cannot send (`otherHTTP`, so `call` says so), and its place is added to `undeclared`.
    private static func security(
        _ value: JSONValue, at pointer: JSONPointer, schemes: [String: OpenAPISecurityScheme], undeclared: inout [JSONPointer]
    ) throws(OpenAPIError) -> OpenAPISecurity {
        guard case .array(let elements) = value else {
            throw .invalid(pointer: pointer.description, expected: "a list of security requirements")
        }
        var alternatives: [OpenAPISecurity.Requirement] = []
        for (offset, element) in elements.enumerated() {
            guard case .object(let requirement) = element else {
                throw .invalid(pointer: pointer.appending(offset).description, expected: "an object of scheme names")
            }
            var needed: [(scheme: OpenAPISecurityScheme, scopes: [String])] = []
            for (name, scopesValue) in requirement {
                let place = pointer.appending(offset).appending(name)
                let scheme = schemes[name] ?? OpenAPISecurityScheme(
                    name: name, kind: .otherHTTP(scheme: "undeclared"), description: "not declared in components.securitySchemes")
                if schemes[name] == nil { undeclared.append(place) }
                guard case .array(let scopeValues) = scopesValue else {
                    throw .invalid(pointer: place.description, expected: "a list of scopes")
                }
                needed.append((scheme, scopeValues.compactMap(\.stringValue)))
            }
            alternatives.append(OpenAPISecurity.Requirement(schemes: needed))
        }
        return OpenAPISecurity(alternatives: alternatives)
    }

    private static func scheme(
        _ name: String, _ value: JSONValue, at pointer: JSONPointer, in document: JSONValue, unnamedHTTP: inout [JSONPointer]
    ) throws(OpenAPIError) -> OpenAPISecurityScheme {
        var object = try Self.object(value, at: pointer)
        var place = pointer
        // A scheme may be a `$ref` to another in the same document, a few hops at most.
        for _ in 0..<OpenAPIReader.referenceHopLimit {
            guard case .string(let reference)? = object["$ref"] else { break }
            guard reference.hasPrefix("#"), let target = JSONPointer(reference) else { throw .schema(.unsupportedRef(reference)) }
            guard let resolved = target.resolve(in: document) else { throw .schema(.danglingRef(DocumentBundle.written(reference, in: document))) }
            object = try Self.object(resolved, at: target)
            place = target
        }
        func text(_ key: String) throws(OpenAPIError) -> String {
            guard case .string(let value)? = object[key], !value.isEmpty else {
                throw .invalid(pointer: place.appending(key).description, expected: "a string")
            }
            return value
        }
        let kind: OpenAPISecurityScheme.Kind
        switch try text("type") {
        case "http":
            guard object["scheme"] != nil else {
                unnamedHTTP.append(place)
                kind = .otherHTTP(scheme: "unnamed")
                break
            }
            let scheme = try text("scheme")
            switch scheme.lowercased() {
            case "bearer": kind = .bearer(format: object["bearerFormat"]?.stringValue)
            case "basic": kind = .basic
            case "digest": kind = .digest
            default: kind = .otherHTTP(scheme: scheme)
            }
        case "apiKey":
            let location = try text("in")
            guard let keyLocation = OpenAPISecurityScheme.KeyLocation(rawValue: location) else {
                throw .invalid(pointer: place.appending("in").description, expected: "header, query or cookie")
            }
            kind = .apiKey(name: try text("name"), location: keyLocation)
        case "oauth2":
            var flows: [OpenAPISecurityScheme.OAuthFlow] = []
            if case .object(let declared)? = object["flows"] {
                for (flowName, flowValue) in declared {
                    guard case .object(let flow) = flowValue else { continue }
                    var scopes: [(name: String, description: String)] = []
                    if case .object(let scopeMap)? = flow["scopes"] {
                        for (scope, description) in scopeMap { scopes.append((scope, description.stringValue ?? "")) }
                    }
                    flows.append(OpenAPISecurityScheme.OAuthFlow(
                        name: flowName, tokenURL: flow["tokenUrl"]?.stringValue,
                        authorizationURL: flow["authorizationUrl"]?.stringValue,
                        refreshURL: flow["refreshUrl"]?.stringValue, scopes: scopes))
                }
            }
            kind = .oauth2(flows: flows)
        case "openIdConnect":
            kind = .openIdConnect(url: try text("openIdConnectUrl"))
        case "mutualTLS":
            kind = .mutualTLS
        default:
            throw .invalid(pointer: place.appending("type").description, expected: "http, apiKey, oauth2, openIdConnect or mutualTLS")
        }
        return OpenAPISecurityScheme(name: name, kind: kind, description: object["description"]?.stringValue)
    }

    private static func object(_ value: JSONValue, at pointer: JSONPointer) throws(OpenAPIError) -> JSONObject {
        guard case .object(let object) = value else { throw .invalid(pointer: pointer.description, expected: "a security scheme object") }
        return object
    }
}
