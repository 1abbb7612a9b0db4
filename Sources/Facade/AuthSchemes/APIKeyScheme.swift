import APIDescriptions
import Secrets

/// `auth key NAME=VALUE`: an API key, sent as the query parameter `NAME` where nothing says otherwise, and
/// where an OpenAPI `apiKey` scheme of that name says (a header, the query or a cookie).
struct APIKey: AuthScheme, CredentialPlacing {
    let parameter: String
    let value: String

    init(parameter: String, value: String) {
        self.parameter = parameter
        self.value = value
    }

    var kind: String { "api_key" }
    var slot: CredentialSlot { .apiKey }
    var secrets: [String] { [value] }
    var hintName: String { "an API key" }

    func summary(in scope: Credentials.Scope) -> String {
        "key \(scope) \(parameter)=•••"
    }

    func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement? {
        let wanted: String? = switch requirement {
        case .apiKey(let parameter)?: parameter
        case nil: parameter
        default: nil
        }
        return wanted.map { CredentialPlacement(place: .query($0), value: value, base: base) }
    }

    func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement? {
        guard case let .apiKey(name, location) = scheme.kind, parameter.lowercased() == name.lowercased() else { return nil }
        let place: CredentialPlacement.Place = switch location {
        case .header: .header(name)
        case .query: .query(name)
        case .cookie: .cookie(name)
        }
        return CredentialPlacement(place: place, value: value, base: base)
    }

    static func authCommand(for scheme: OpenAPISecurityScheme) -> String? {
        guard case .apiKey(let name, _) = scheme.kind else { return nil }
        return "auth key \(name)=…"
    }

    static let storedKinds = ["api_key"]

    var record: CredentialRecord {
        CredentialRecord(kind: "api_key", fields: [CredentialRecord.Field("parameter", parameter)], secretIDSuffix: parameter, secret: value)
    }

    static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> APIKey {
        APIKey(parameter: try record.required("parameter"), value: record.secret)
    }

    static let recordingVariable: String? = valueVariable
    private static let valueVariable = "APISH_API_KEY"
    var recordedSecret: String? { value }

    func preludeLine(scope: String?, reference: (String) -> String, quote: (String) -> String?) -> String? {
        "auth key \(parameter)=\(reference(Self.valueVariable))" + (scope.map { " \($0)" } ?? "")
    }
}
