import JSON
/// Tokens, API keys, Basic and Digest logins, OAuth 2 clients and credential headers, each scoped: to one
/// service, to every service of the locator, or to an origin URL (scheme, host, port and path prefix) for
/// APIs outside the locator, as httpie keeps sessions per host. A credential never goes to a URL outside
/// its scope. What a kind of credential is and does is its own type's (`AuthCredential`); the store only
/// keeps each in its scope and slot.
public struct Credentials: Sendable, Equatable {
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

    /// One credential `auth` set, in its scope.
    public struct Entry: Sendable {
        public let scope: Scope
        public let credential: any AuthCredential
    }

    /// The credentials set with `auth`, in the order they were set; one per scope and slot.
    public private(set) var entries: [Entry] = []
    public private(set) var headers: [ScopedHeader] = []

    public init() {}

    /// Sets a credential for a scope, replacing the one of its slot there (a bearer token replaces an
    /// OAuth 2 client, a Digest login a Basic one).
    public mutating func set(_ credential: any AuthCredential, for scope: Scope) {
        entries.removeAll { $0.scope == scope && $0.credential.slot == credential.slot }
        entries.append(Entry(scope: scope, credential: credential))
    }

    /// The credentials of one kind, with their scopes, in the order of the scopes' names.
    public func all<Credential: AuthCredential>(_ type: Credential.Type) -> [(scope: Scope, credential: Credential)] {
        entries.compactMap { entry in (entry.credential as? Credential).map { (entry.scope, $0) } }
            .sorted { $0.scope.description < $1.scope.description }
    }

    /// The credential of one kind set for exactly this scope.
    public func credential<Credential: AuthCredential>(_ type: Credential.Type, for scope: Scope) -> Credential? {
        entries.lazy.compactMap { $0.scope == scope ? $0.credential as? Credential : nil }.first
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
        entries.removeAll { $0.scope == scope }
        headers.removeAll { $0.scope == scope }
    }

    /// The same credentials in the same scopes, whatever order they were set in.
    public static func == (lhs: Credentials, rhs: Credentials) -> Bool {
        lhs.headers == rhs.headers && lhs.entries.count == rhs.entries.count && lhs.entries.allSatisfy { entry in
            rhs.entries.contains { $0.scope == entry.scope && $0.credential.isSame(as: entry.credential) }
        }
    }

    /// What applies to a request for `url`, sent to `entry` (a service's name and active URL) or to no service.
    /// Each credential comes with the base URL of its scope, which a redirect may not leave.
    package func applicable(to url: String, service entry: (name: String, url: String)?) -> Applicable {
        var result = Applicable()
        // Most sessions set no credentials: then no URL needs parsing for a scope check.
        guard !entries.isEmpty || !headers.isEmpty else { return result }
        let serviceScopes: [Scope] = entry.map { [.service($0.name.lowercased()), .allServices] } ?? []
        let inService = entry.map { URLScope.contains(base: $0.url, url: url) } ?? false
        func base(_ scope: Scope) -> String? {
            switch scope {
            case .origin(let origin): URLScope.contains(base: origin, url: url) ? origin : nil
            case .service, .allServices: inService && serviceScopes.contains(scope) ? entry?.url : nil
            }
        }
        // Per slot, the most specific scope wins: an origin (the longest first), then the service, then every service.
        for slot in Set(entries.map(\.credential.slot)).sorted(by: { $0.rank < $1.rank }) {
            let inSlot = entries.filter { $0.credential.slot == slot }
            let order = inSlot.map(\.scope).filter { if case .origin = $0 { true } else { false } }
                .sorted { $0.description.count > $1.description.count } + serviceScopes
            for scope in order {
                guard let found = inSlot.first(where: { $0.scope == scope }), let base = base(scope) else { continue }
                result.credentials.append(Applied(credential: found.credential, base: base))
                break
            }
        }
        for header in headers {
            guard let base = base(header.scope), !result.headers.contains(where: { $0.name.lowercased() == header.name.lowercased() })
            else { continue }
            result.headers.append((header.name, header.value, base))
        }
        return result
    }

    /// Credentials that exist but did not apply to a request for `url`: for the hint after a 401 or 403.
    /// A kind is named when none of its type applied.
    package func outOfScope(for url: String, service entry: (name: String, url: String)?) -> [String] {
        let applied = applicable(to: url, service: entry)
        var named: [(rank: Int, kind: String, text: String)] = []
        var types: Set<ObjectIdentifier> = Set(applied.credentials.map { ObjectIdentifier(type(of: $0.credential)) })
        for entry in entries where types.insert(ObjectIdentifier(type(of: entry.credential))).inserted {
            named.append((entry.credential.slot.rank, entry.credential.kind, "\(entry.credential.hintName) for \(entry.scope)"))
        }
        return named.sorted { ($0.rank, $0.kind) < ($1.rank, $1.kind) }.map(\.text)
    }

    /// Every secret value held, for redaction.
    public var secrets: [String] {
        guard !entries.isEmpty || !headers.isEmpty else { return [] }
        var values = entries.flatMap(\.credential.secrets)
        for header in headers {
            values.append(header.value)
            // `Bearer abc` → also `abc`, which is what a server may echo.
            if let space = header.value.firstIndex(of: " ") { values.append(String(header.value[header.value.index(after: space)...])) }
        }
        return values
    }

    /// `auth show` lines, secrets masked: `bearer every service •••`.
    public var summary: [String] {
        entries.map { $0.credential.summary(in: $0.scope) }.sorted() + headers.map { "header \($0.name) \($0.scope) •••" }
    }

    /// A credential that applies to one request, with the base URL of its scope.
    package struct Applied: Sendable {
        package let credential: any AuthCredential
        package let base: String
    }

    /// The credentials one request carries, each with the base URL it may not leave.
    package struct Applicable {
        /// At most one per slot, in slot order.
        package var credentials: [Applied] = []
        package var headers: [(name: String, value: String, base: String)] = []

        /// The applicable credential of one kind.
        package func first<Credential: AuthCredential>(_ type: Credential.Type) -> (credential: Credential, base: String)? {
            for applied in credentials { if let found = applied.credential as? Credential { return (found, applied.base) } }
            return nil
        }
    }
}
