import APIDescriptions
import Secrets

/// `auth oauth2 …`: an OAuth 2 client whose access token the pipeline fetches (`OAuth2Tokens`) before the
/// first request in scope, then sent as a bearer token. It fills the bearer token's slot.
struct OAuth2Credential: AuthScheme, CredentialPlacing {
    let client: OAuth2Client

    init(_ client: OAuth2Client) {
        self.client = client
    }

    var kind: String { "oauth2" }
    var slot: CredentialSlot { .authorization }
    /// The Basic form of the client's authentication, `id:secret`, too: its base64 is what the matcher masks.
    var secrets: [String] { [client.clientSecret, client.clientID + ":" + client.clientSecret] }
    var hintName: String { "an OAuth 2 client" }

    func summary(in scope: Credentials.Scope) -> String {
        "oauth2 \(scope) \(client.summary)"
    }

    func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement? {
        guard requirement == nil || requirement == .bearer, let token = context.fetchedToken else { return nil }
        return BearerToken.authorization(token, base: base)
    }

    func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement? {
        guard BearerToken.takesBearer(scheme), let token = context.fetchedToken else { return nil }
        return BearerToken.authorization(token, base: base)
    }

    /// An OAuth 2 scheme is given a bearer token (`BearerToken`); `auth oauth2` is for the client-credentials flow only.
    static func authCommand(for scheme: OpenAPISecurityScheme) -> String? {
        nil
    }

    static let storedKinds = ["oauth2"]

    var record: CredentialRecord {
        var fields = [CredentialRecord.Field("token_url", client.tokenURL), CredentialRecord.Field("client_id", client.clientID)]
        if !client.scopes.isEmpty { fields.append(CredentialRecord.Field("scopes", client.scopes.joined(separator: " "))) }
        if let audience = client.audience { fields.append(CredentialRecord.Field("audience", audience)) }
        fields.append(CredentialRecord.Field("client_auth", client.authentication.rawValue))
        return CredentialRecord(kind: "oauth2", fields: fields, secretIDSuffix: client.clientID, secret: client.clientSecret)
    }

    static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> OAuth2Credential {
        let authentication: OAuth2Client.Authentication
        switch record.field("client_auth") ?? "basic" {
        case "basic": authentication = .basic
        case "post": authentication = .post
        case let other: throw CredentialRecord.Failure("client_auth \"\(other)\" is neither basic nor post")
        }
        return OAuth2Credential(OAuth2Client(
            tokenURL: try record.required("token_url"), clientID: try record.required("client_id"), clientSecret: record.secret,
            scopes: (record.field("scopes") ?? "").split(separator: " ").map(String.init), audience: record.field("audience"),
            authentication: authentication))
    }

    /// A recording does not set a client again: its `auth oauth2` line is recorded as typed, the secret a reference.
    static let recordingVariable: String? = nil
    var recordedSecret: String? { nil }

    func preludeLine(scope: String?, reference: (String) -> String, quote: (String) -> String?) -> String? {
        nil
    }
}
