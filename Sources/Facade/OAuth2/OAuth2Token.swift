import Secrets

/// An access token a token endpoint issued to one OAuth 2 client, with when it expires. What the cache
/// holds and `tokens.json` keeps between runs.
public struct OAuth2Token: Sendable, Equatable {
    public let tokenURL: String
    public let clientID: String
    public let scopes: [String]
    public let audience: String?
    public let accessToken: String
    /// `Bearer` as a rule; kept as issued.
    public let tokenType: String
    /// Seconds since 1970 when it was obtained, and when it expires (nil: the server gave no lifetime).
    public let obtainedAt: Double
    public let expiresAt: Double?
    /// Kept (and masked) when a server issues one; renewal runs the client-credentials grant again,
    /// which needs nothing the client does not hold.
    public let refreshToken: String?

    public init(
        tokenURL: String, clientID: String, scopes: [String], audience: String?, accessToken: String,
        tokenType: String = "Bearer", obtainedAt: Double, expiresAt: Double?, refreshToken: String? = nil
    ) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.scopes = scopes
        self.audience = audience
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.obtainedAt = obtainedAt
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
    }

    /// The same key as `OAuth2Client.tokenKey` of the client it was issued to.
    public var key: String {
        OAuth2Client(tokenURL: tokenURL, clientID: clientID, clientSecret: "", scopes: scopes, audience: audience).tokenKey
    }

    /// Whether it may still be sent at `now`: renewed shortly before it expires (30 s, or a tenth of its
    /// lifetime when that is shorter), so a request never leaves with a token about to lapse on the way.
    func isFresh(at now: Double) -> Bool {
        guard let expiresAt else { return true }
        let margin = min(30, max(0, expiresAt - obtainedAt) / 10)
        return now + margin < expiresAt
    }
}
