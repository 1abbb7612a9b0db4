import APIDescriptions
import Secrets

/// `auth bearer TOKEN`: `Authorization: Bearer TOKEN`, for what asks for a bearer (an OAuth 2 or OpenID
/// Connect scheme too: its access token is a bearer token).
struct BearerToken: AuthScheme, CredentialPlacing {
    let token: String

    init(_ token: String) {
        self.token = token
    }

    var kind: String { "bearer" }
    var slot: CredentialSlot { .authorization }
    var secrets: [String] { [token] }
    var hintName: String { "a bearer token" }

    func summary(in scope: Credentials.Scope) -> String {
        "bearer \(scope) •••"
    }

    func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement? {
        guard requirement == nil || requirement == .bearer else { return nil }
        return Self.authorization(token, base: base)
    }

    func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement? {
        Self.takesBearer(scheme) ? Self.authorization(token, base: base) : nil
    }

    /// The schemes a bearer token is for.
    static func takesBearer(_ scheme: OpenAPISecurityScheme) -> Bool {
        switch scheme.kind {
        case .bearer, .oauth2, .openIdConnect: true
        case .basic, .digest, .otherHTTP, .apiKey, .mutualTLS: false
        }
    }

    static func authorization(_ token: String, base: String) -> CredentialPlacement {
        CredentialPlacement(place: .header("Authorization"), value: "Bearer \(token)", base: base)
    }

    static func authCommand(for scheme: OpenAPISecurityScheme) -> String? {
        takesBearer(scheme) ? "auth bearer TOKEN" : nil
    }

    static let storedKinds = ["bearer"]

    var record: CredentialRecord {
        CredentialRecord(kind: "bearer", secret: token)
    }

    static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> BearerToken {
        BearerToken(record.secret)
    }

    static let recordingVariable: String? = tokenVariable
    private static let tokenVariable = "APISH_BEARER"
    var recordedSecret: String? { token }

    func preludeLine(scope: String?, reference: (String) -> String, quote: (String) -> String?) -> String? {
        "auth bearer \(reference(Self.tokenVariable))" + (scope.map { " \($0)" } ?? "")
    }
}
