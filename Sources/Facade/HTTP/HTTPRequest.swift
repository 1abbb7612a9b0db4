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
    /// Credential headers (lower-cased name) → the base URL they may travel within; a redirect hop outside
    /// it drops the header.
    public var credentialScopes: [String: String] = [:]

    public init(
        method: HTTPMethod = .get,
        url: String,
        query: [FormField] = [],
        headers: HTTPHeaders = [:],
        body: HTTPBody = .none,
        timeout: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// `url` with `query` appended: the URL actually requested.
    public var fullURL: String {
        QueryString.append(query, to: url)
    }
}
