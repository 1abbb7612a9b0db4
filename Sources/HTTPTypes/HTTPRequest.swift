import JSON
import Secrets
/// A request as the facade builds it and a `Transport` sends it.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// An absolute `http://`, `https://` or `file://` URL, possibly with a query of its own.
    public var url: String
    /// Query items appended to `url` when sending, encoded like a form.
    public var query: [FormField]
    public var headers: HTTPHeaders
    public var body: HTTPBody
    /// Total timeout for this request in milliseconds, overriding the transport's default.
    public var timeout: Int?
    /// Which headers are credentials and where each may travel: lower-cased header name → the base URL
    /// of its scope (a service URL, or an origin such as `https://api.example`).
    ///
    /// The transport checks every hop, the first included, against these scopes with
    /// `URLScope.contains` on the normalised URL: a scoped header is sent only while the URL lies in
    /// its scope, and once withheld it is not sent again on later hops. Headers not listed here travel
    /// everywhere, except that `Authorization`, `Cookie` and other credential-like headers
    /// (`Redactor.isCredentialLikeHeader`) are dropped on the first hop to another origin, as curl does.
    public var credentialScopes: [String: String]
    /// Whether the response should carry the request head as really sent (`verbose`), at a small cost.
    public var recordsSentHeaders = false
    /// Basic or Digest credentials, given to libcurl only on the hops inside `login.scope`.
    public var login: HTTPLogin?
    /// For a request whose body is a secret (an OAuth 2 token request), which no header scope can
    /// withhold: the base URL its redirects must stay inside. A redirect out of it is refused
    /// (`TransportError.redirectLeavesScope`), so nothing, body or headers, reaches another URL.
    public var redirectScope: String?
    /// Whether the path goes out byte for byte as built or typed, not normalised: what every first hop
    /// does, so that the URL shown (`get http://h/items/%2E%2E`, a path parameter `..` sent as `%2E%2E`) is
    /// the URL the server receives, not one libcurl squashed (libcurl's `CURLOPT_PATH_AS_IS`). Scope checks
    /// still read the normalised URL (`URLScope` normalises), so credentials are withheld wherever a server
    /// that resolves it would land. Only over http(s): a redirect's `Location` (which sets it false) and a
    /// `file://` path are normalised as ever.
    public var pathAsBuilt = true

    /// Whether this hop's path goes out as built (`pathAsBuilt`, over http or https).
    public var keepsPathAsBuilt: Bool {
        pathAsBuilt && LocatorLocation.isWeb(url)
    }

    public init(
        method: HTTPMethod = .get,
        url: String,
        query: [FormField] = [],
        headers: HTTPHeaders = [:],
        body: HTTPBody = .none,
        timeout: Int? = nil,
        credentialScopes: [String: String] = [:]
    ) {
        self.method = method
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.credentialScopes = credentialScopes
    }

    /// `url` with `query` appended: the URL actually requested, as written.
    public var fullURL: String {
        QueryString.append(query, to: url)
    }

    /// `fullURL` normalised (`URLNormalization`), or as it is for a `pathAsBuilt` request: what the
    /// transport really sends.
    public var sentURL: String {
        keepsPathAsBuilt ? fullURL : URLNormalization.normalize(fullURL)
    }

    /// Marks `name` as a credential that may only travel inside `scope` (a base URL).
    public mutating func scope(header name: String, to scope: String) {
        credentialScopes[name.lowercased()] = scope
    }

    /// Scopes to `base` every credential-like header of the request (`Redactor.isCredentialLikeHeader`:
    /// Authorization, Cookie, `*key*`, `*token*`, `*secret*`, `*session*`) that has no scope yet.
    public mutating func scopeCredentialHeaders(to base: String) {
        for (name, _) in headers where Redactor.isCredentialLikeHeader(name) && credentialScopes[name.lowercased()] == nil {
            credentialScopes[name.lowercased()] = base
        }
    }
}
