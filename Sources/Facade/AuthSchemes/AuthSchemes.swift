import APIDescriptions
import HTTPTypes
import Secrets

/// The auth schemes a profile can hold, in the order a profile writes them. A new scheme is one file in
/// this folder, one entry here, its form in the `auth` command (`Commands/RequestCommands.swift`) and its
/// tests.
public enum AuthSchemes {
    public static let all: [any AuthScheme.Type] = [BearerToken.self, APIKey.self, OAuth2Credential.self, PasswordLogin.self]

    /// Where a profile writes its credential headers among the schemes' entries: after the API keys, where
    /// profiles have always had them, so a profile saved again is the same file.
    public static let headersStoredAt = 2

    /// What to type to give an OpenAPI security scheme its credential: the first scheme's that takes it;
    /// nil for one apish cannot send (mutual TLS, an unknown `http` scheme).
    public static func authCommand(for scheme: OpenAPISecurityScheme, in schemes: [any AuthScheme.Type] = all) -> String? {
        schemes.lazy.compactMap { ($0 as? any CredentialPlacing.Type)?.authCommand(for: scheme) }.first
    }

    /// `auth bearer TOKEN`'s credential.
    public static func bearer(_ token: String) -> any AuthScheme {
        BearerToken(token)
    }

    /// `auth key NAME=VALUE`'s credential.
    public static func apiKey(parameter: String, value: String) -> any AuthScheme {
        APIKey(parameter: parameter, value: value)
    }

    /// `auth basic|digest USER:PASSWORD`'s credential.
    public static func login(_ method: HTTPLogin.Scheme, user: String, password: String) -> any AuthScheme {
        PasswordLogin(method, user: user, password: password)
    }

    /// `auth oauth2 …`'s credential: the client whose access token the pipeline fetches.
    public static func oauth2(_ client: OAuth2Client) -> any AuthScheme {
        OAuth2Credential(client)
    }

    /// The scheme stored under a profile's `kind`.
    public static func scheme(storedAs kind: String, in schemes: [any AuthScheme.Type] = all) -> (any AuthScheme.Type)? {
        schemes.first { $0.storedKinds.contains(kind) }
    }
}
