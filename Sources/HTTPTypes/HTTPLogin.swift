/// A user and password that libcurl answers an authentication challenge with (`CURLOPT_HTTPAUTH`), kept
/// apart from the headers: libcurl computes the `Authorization` value itself (for Digest, from the server's
/// challenge), so the transport decides on each hop whether the login may be used there.
public struct HTTPLogin: Sendable, Equatable {
    /// How the password is sent.
    public enum Scheme: String, Sendable, Equatable, CaseIterable {
        /// RFC 7617: `Authorization: Basic base64(user:password)`, sent with the first request.
        case basic
        /// RFC 7616: answered to the server's `WWW-Authenticate: Digest` challenge; the password never travels.
        case digest
    }

    public var user: String
    public var password: String
    public var scheme: Scheme
    /// The base URL of the login's scope (`URLScope.contains`): a hop outside it carries no login.
    public var scope: String

    public init(user: String, password: String, scheme: Scheme, scope: String) {
        self.user = user
        self.password = password
        self.scheme = scheme
        self.scope = scope
    }
}
