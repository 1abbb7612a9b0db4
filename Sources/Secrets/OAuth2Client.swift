/// An OAuth 2 client of the client-credentials grant (RFC 6749 §4.4): where its tokens come from and how
/// it proves who it is. The access token itself is not part of it: tokens are fetched, cached and renewed
/// by the facade.
public struct OAuth2Client: Sendable, Hashable {
    /// How the client authenticates to the token endpoint.
    public enum Authentication: String, Sendable, Hashable {
        /// HTTP Basic (`client_secret_basic`), which every server must accept; on `invalid_client` the
        /// body is tried once.
        case basic
        /// `client_id` and `client_secret` in the form body (`client_secret_post`) only.
        case post
    }

    public let tokenURL: String
    public let clientID: String
    public let clientSecret: String
    public let scopes: [String]
    public let audience: String?
    public let authentication: Authentication

    public init(
        tokenURL: String, clientID: String, clientSecret: String, scopes: [String] = [], audience: String? = nil,
        authentication: Authentication = .basic
    ) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.audience = audience
        self.authentication = authentication
    }

    /// Names the tokens this client is issued, in a cache or a file: everything that changes what a token
    /// grants, and not the secret (a new secret for the same client keeps its token).
    public var tokenKey: String {
        [tokenURL, clientID, scopes.joined(separator: " "), audience ?? ""].joined(separator: "\u{1F}")
    }

    /// `client_id=ID client_secret=••• token_url=URL scope=S`, for `auth show`.
    public var summary: String {
        var words = ["client_id=\(clientID)", "client_secret=•••", "token_url=\(tokenURL)"]
        if !scopes.isEmpty { words.append("scope=\(scopes.joined(separator: " "))") }
        if let audience { words.append("audience=\(audience)") }
        if authentication == .post { words.append("(secret in the body)") }
        return words.joined(separator: " ")
    }
}
