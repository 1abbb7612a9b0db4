import JSON
/// Tokens, API keys, Basic and Digest logins and credential headers, each scoped: to one service, to every service of the
/// locator, or to an origin URL (scheme, host, port and path prefix) for APIs outside the locator, as
/// httpie keeps sessions per host. A credential never goes to a URL outside its scope.
public struct Credentials: Sendable, Equatable {
    /// An API key sent as a query parameter.
    public struct APIKey: Sendable, Equatable {
        public let parameter: String
        public let value: String
    }

    /// A user and password for HTTP authentication (RFC 7617 Basic, RFC 7616 Digest), answered by the
    /// transport (libcurl) rather than written into a header, so Digest can answer the server's challenge.
    public struct Login: Sendable, Equatable {
        /// How the login is sent: two kinds of one credential, kept apart so a security scheme can ask for either.
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            case basic
            case digest
        }

        public let kind: Kind
        public let user: String
        public let password: String

        public init(kind: Kind, user: String, password: String) {
            self.kind = kind
            self.user = user
            self.password = password
        }
    }

    /// Where a credential may go.
    public enum Scope: Sendable, Hashable, CustomStringConvertible {
        /// Every service of the locator, within each service's URL.
        case allServices
        /// One service (lower-cased name), within its active version's URL.
        case service(String)
        /// An origin URL and every path under it.
        case origin(String)

        /// How the scope is typed after `auth bearer TOKEN`: nothing, a service name or a URL.
        public var argument: String? {
            switch self {
            case .allServices: nil
            case .service(let name): name
            case .origin(let url): url
            }
        }

        public var description: String {
            switch self {
            case .allServices: "every service"
            case .service(let name): name
            case .origin(let url): url
            }
        }
    }

    /// A header whose value is a credential (`X-Api-Key`, `Cookie`, `Authorization`), set with `header`.
    public struct ScopedHeader: Sendable, Equatable {
        public let name: String
        public let value: String
        public let scope: Scope
    }

    public private(set) var bearerTokens: [Scope: String] = [:]
    public private(set) var apiKeys: [Scope: APIKey] = [:]
    public private(set) var headers: [ScopedHeader] = []
    /// OAuth 2 clients whose access tokens are fetched on first use; a scope holds a bearer token or a
    /// client, never both.
    public private(set) var oauth2Clients: [Scope: OAuth2Client] = [:]
    /// Basic and Digest logins: one per scope (a new one of either kind replaces the old).
    public private(set) var logins: [Scope: Login] = [:]

    public init() {}

    public mutating func setBearer(_ token: String, for scope: Scope) {
        bearerTokens[scope] = token
        oauth2Clients[scope] = nil
    }

    /// An OAuth 2 client for a scope, replacing its bearer token: the token comes from the client from now on.
    public mutating func setOAuth2(_ client: OAuth2Client, for scope: Scope) {
        oauth2Clients[scope] = client
        bearerTokens[scope] = nil
    }

    /// A Basic login for a scope (`auth basic USER:PASSWORD [SCOPE]`).
    public mutating func setBasic(user: String, password: String, for scope: Scope) {
        logins[scope] = Login(kind: .basic, user: user, password: password)
    }

    /// A Digest login for a scope (`auth digest USER:PASSWORD [SCOPE]`).
    public mutating func setDigest(user: String, password: String, for scope: Scope) {
        logins[scope] = Login(kind: .digest, user: user, password: password)
    }

    public mutating func setAPIKey(parameter: String, value: String, for scope: Scope) {
        apiKeys[scope] = APIKey(parameter: parameter, value: value)
    }

    /// A credential header for a scope, replacing one of the same name there.
    public mutating func setHeader(_ name: String, _ value: String, for scope: Scope) {
        removeHeader(name, scope: scope)
        headers.append(ScopedHeader(name: name, value: value, scope: scope))
    }

    /// Removes a credential header from one scope, or from all when nil; whether one was there.
    @discardableResult
    public mutating func removeHeader(_ name: String, scope: Scope? = nil) -> Bool {
        let before = headers.count
        headers.removeAll { $0.name.lowercased() == name.lowercased() && (scope == nil || $0.scope == scope) }
        return headers.count != before
    }

    /// Forgets the credentials of one scope, or all of them.
    public mutating func clear(_ scope: Scope?) {
        guard let scope else {
            self = Credentials()
            return
        }
        bearerTokens[scope] = nil
        apiKeys[scope] = nil
        oauth2Clients[scope] = nil
        logins[scope] = nil
        headers.removeAll { $0.scope == scope }
    }

    /// What applies to a request for `url`, sent to `entry` (a service's name and active URL) or to no service.
    /// Each credential comes with the base URL of its scope, which a redirect may not leave.
    package func applicable(to url: String, service entry: (name: String, url: String)?) -> Applicable {
        var result = Applicable()
        // Most sessions set no credentials: then no URL needs parsing for a scope check.
        guard !bearerTokens.isEmpty || !apiKeys.isEmpty || !headers.isEmpty || !oauth2Clients.isEmpty || !logins.isEmpty else { return result }
        let serviceScopes: [Scope] = entry.map { [.service($0.name.lowercased()), .allServices] } ?? []
        let inService = entry.map { URLScope.contains(base: $0.url, url: url) } ?? false
        func base(_ scope: Scope) -> String? {
            switch scope {
            case .origin(let origin): URLScope.contains(base: origin, url: url) ? origin : nil
            case .service, .allServices: inService && serviceScopes.contains(scope) ? entry?.url : nil
            }
        }
        // The most specific scope wins: an origin, then the service, then every service.
        // A bearer token and an OAuth 2 client fill the same slot (`Authorization`): the most specific wins.
        let order = (Array(bearerTokens.keys) + Array(oauth2Clients.keys)).filter { if case .origin = $0 { true } else { false } }
            .sorted { $0.description.count > $1.description.count } + serviceScopes
        for scope in order where result.bearer == nil && result.oauth2 == nil {
            guard let base = base(scope) else { continue }
            if let token = bearerTokens[scope] {
                result.bearer = (token, base)
            } else if let client = oauth2Clients[scope] {
                result.oauth2 = (client, base)
            }
        }
        let keyOrder = apiKeys.keys.filter { if case .origin = $0 { true } else { false } }
            .sorted { $0.description.count > $1.description.count } + serviceScopes
        for scope in keyOrder {
            if result.apiKey == nil, let key = apiKeys[scope], let base = base(scope) { result.apiKey = (key, base) }
        }
        let loginOrder = logins.keys.filter { if case .origin = $0 { true } else { false } }
            .sorted { $0.description.count > $1.description.count } + serviceScopes
        for scope in loginOrder {
            if result.login == nil, let login = logins[scope], let base = base(scope) { result.login = (login, base) }
        }
        for header in headers {
            guard let base = base(header.scope), !result.headers.contains(where: { $0.name.lowercased() == header.name.lowercased() })
            else { continue }
            result.headers.append((header.name, header.value, base))
        }
        return result
    }

    /// Credentials that exist but did not apply to a request for `url`: for the hint after a 401 or 403.
    package func outOfScope(for url: String, service entry: (name: String, url: String)?) -> [String] {
        let applied = applicable(to: url, service: entry)
        var names: [String] = []
        if applied.bearer == nil, let scope = bearerTokens.keys.first { names.append("a bearer token for \(scope)") }
        if applied.oauth2 == nil, let scope = oauth2Clients.keys.first { names.append("an OAuth 2 client for \(scope)") }
        if applied.apiKey == nil, let scope = apiKeys.keys.first { names.append("an API key for \(scope)") }
        if applied.login == nil, let (scope, login) = logins.first { names.append("a \(login.kind.rawValue) login for \(scope)") }
        return names
    }

    /// Every secret value held, for redaction.
    public var secrets: [String] {
        var values = Array(bearerTokens.values) + apiKeys.values.map(\.value)
        for client in oauth2Clients.values {
            // The Basic form of the client's authentication, `id:secret`, whose base64 the matcher masks too.
            values += [client.clientSecret, client.clientID + ":" + client.clientSecret]
        }
        // `user:password` too: its base64 is what a Basic `Authorization` header (or a server echoing it) shows.
        for login in logins.values { values += [login.password, login.user + ":" + login.password] }
        for header in headers {
            values.append(header.value)
            // `Bearer abc` → also `abc`, which is what a server may echo.
            if let space = header.value.firstIndex(of: " ") { values.append(String(header.value[header.value.index(after: space)...])) }
        }
        return values
    }

    /// `auth show` lines, secrets masked: `bearer every service •••`.
    public var summary: [String] {
        let bearers = bearerTokens.keys.map { "bearer \($0) •••" }
        let keys = apiKeys.map { scope, key in "key \(scope) \(key.parameter)=•••" }
        let clients = oauth2Clients.map { scope, client in "oauth2 \(scope) \(client.summary)" }
        let scoped = headers.map { "header \($0.name) \($0.scope) •••" }
        let logins = logins.map { scope, login in "\(login.kind.rawValue) \(scope) \(login.user):•••" }
        return (bearers + keys + clients + logins).sorted() + scoped
    }

    /// The credentials one request carries, each with the base URL it may not leave.
    package struct Applicable {
        package var bearer: (token: String, base: String)?
        package var oauth2: (client: OAuth2Client, base: String)?
        package var apiKey: (key: APIKey, base: String)?
        package var headers: [(name: String, value: String, base: String)] = []
        package var login: (login: Login, base: String)?
    }
}
