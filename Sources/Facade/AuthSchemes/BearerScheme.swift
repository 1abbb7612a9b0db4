import APIDescriptions
import Secrets

/// `auth bearer TOKEN`: `Authorization: Bearer TOKEN`, for what asks for a bearer (an OAuth 2 or OpenID
/// Connect scheme too: its access token is a bearer token).
public struct BearerToken: AuthScheme {
    public let token: String

    public init(_ token: String) {
        self.token = token
    }

    public var kind: String { "bearer" }
    public var slot: CredentialSlot { .authorization }
    public var secrets: [String] { [token] }
    public var hintName: String { "a bearer token" }

    public func summary(in scope: Credentials.Scope) -> String {
        "bearer \(scope) •••"
    }

    public func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement? {
        guard requirement == nil || requirement == .bearer else { return nil }
        return Self.authorization(token, base: base)
    }

    public func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement? {
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

    public static func authCommand(for scheme: OpenAPISecurityScheme) -> String? {
        takesBearer(scheme) ? "auth bearer TOKEN" : nil
    }

    public static let storedKinds = ["bearer"]

    public var record: CredentialRecord {
        CredentialRecord(kind: "bearer", secret: token)
    }

    public static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> BearerToken {
        BearerToken(record.secret)
    }

    public static let recordingVariable: String? = tokenVariable
    private static let tokenVariable = "APISH_BEARER"
    public var recordedSecret: String? { token }

    public func preludeLine(scope: String?, reference: (String) -> String, quote: (String) -> String?) -> String? {
        "auth bearer \(reference(Self.tokenVariable))" + (scope.map { " \($0)" } ?? "")
    }
}
