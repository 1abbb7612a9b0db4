import JSON
/// One entry of `components.securitySchemes`: how a credential travels, under the name the document
/// gives the scheme (`bearerAuth`, `api_key`).
public struct OpenAPISecurityScheme: Sendable, Equatable {
    /// Where an `apiKey` scheme puts its value.
    public enum KeyLocation: String, Sendable, Equatable {
        case header, query, cookie
    }

    /// One OAuth 2 flow (`clientCredentials`, `authorizationCode`, …) as declared; read for the OAuth
    /// support, which gets its token URL and scopes from here.
    public struct OAuthFlow: Sendable, Equatable {
        /// `clientCredentials`, `authorizationCode`, `password` or `implicit`.
        public let name: String
        public let tokenURL: String?
        public let authorizationURL: String?
        public let refreshURL: String?
        /// Scope name → what it grants, in document order.
        public let scopes: [(name: String, description: String)]

        public static func == (lhs: OAuthFlow, rhs: OAuthFlow) -> Bool {
            lhs.name == rhs.name && lhs.tokenURL == rhs.tokenURL && lhs.authorizationURL == rhs.authorizationURL
                && lhs.refreshURL == rhs.refreshURL && lhs.scopes.map(\.name) == rhs.scopes.map(\.name)
                && lhs.scopes.map(\.description) == rhs.scopes.map(\.description)
        }
    }

    /// What kind of credential the scheme takes; the auth schemes (`Facade/AuthSchemes`) say which of them they satisfy.
    public enum Kind: Sendable, Equatable {
        /// `type: http, scheme: bearer`: `Authorization: Bearer TOKEN`.
        case bearer(format: String?)
        /// `type: http, scheme: basic`.
        case basic
        /// `type: http, scheme: digest`.
        case digest
        /// Another `http` scheme (`hoba`, `negotiate`): named, not sent by apish.
        case otherHTTP(scheme: String)
        /// `type: apiKey`: the value under `name` in a header, the query or a cookie.
        case apiKey(name: String, location: KeyLocation)
        /// `type: oauth2`, with its flows.
        case oauth2(flows: [OAuthFlow])
        /// `type: openIdConnect`, with its discovery URL.
        case openIdConnect(url: String)
        /// `type: mutualTLS`.
        case mutualTLS
    }

    /// The key under `components.securitySchemes`.
    public let name: String
    public let kind: Kind
    public let description: String?

    public init(name: String, kind: Kind, description: String? = nil) {
        self.name = name
        self.kind = kind
        self.description = description
    }

    /// `http bearer`, `apiKey in header`, `oauth2 clientCredentials`: how `help` and warnings name it.
    public var summary: String {
        switch kind {
        case .bearer: "http bearer"
        case .basic: "http basic"
        case .digest: "http digest"
        case .otherHTTP(let scheme): "http \(scheme)"
        case .apiKey(_, let location): "apiKey in \(location.rawValue)"
        case .oauth2(let flows): (["oauth2"] + flows.map(\.name)).joined(separator: " ")
        case .openIdConnect: "openIdConnect"
        case .mutualTLS: "mutualTLS"
        }
    }
}

/// Which schemes an operation needs: any one of `alternatives` (the first that is satisfied), each
/// of which needs all of its schemes. Read from the operation's `security`, else the document's.
public struct OpenAPISecurity: Sendable, Equatable {
    /// One alternative: every scheme listed, with the scopes it must grant (OAuth 2 / OpenID Connect).
    public struct Requirement: Sendable, Equatable {
        public let schemes: [(scheme: OpenAPISecurityScheme, scopes: [String])]

        public init(schemes: [(scheme: OpenAPISecurityScheme, scopes: [String])]) {
            self.schemes = schemes
        }

        /// `{}`: nothing needed, so the operation may be called anonymously.
        public var isAnonymous: Bool { schemes.isEmpty }

        public static func == (lhs: Requirement, rhs: Requirement) -> Bool {
            lhs.schemes.map(\.scheme) == rhs.schemes.map(\.scheme) && lhs.schemes.map(\.scopes) == rhs.schemes.map(\.scopes)
        }
    }

    /// Empty for `security: []`: the operation is public and is sent with no credential at all.
    public let alternatives: [Requirement]

    public init(alternatives: [Requirement]) {
        self.alternatives = alternatives
    }

    /// `security: []`: send no credential.
    public var isPublic: Bool { alternatives.isEmpty }

    /// Whether an alternative asks for nothing (`{}`), which makes every credential optional.
    public var allowsAnonymous: Bool { alternatives.contains(where: \.isAnonymous) }
}
