import APIDescriptions
import Secrets

/// How an auth scheme's credential goes onto a request: where it goes for what a request takes, which
/// OpenAPI security schemes it satisfies, and what to type to give a scheme one. Facade's own half of a
/// scheme (the request pipeline and the security plan dispatch through it); each `AuthScheme` in
/// `AuthSchemes.all` conforms to it too.
protocol CredentialPlacing {
    /// Where it goes on a request that takes what is in scope (a raw request, a built-in API's endpoint):
    /// `requirement` is the endpoint's (`.bearer`, `.apiKey(parameter:)`, `.none`), nil for whatever is in
    /// scope. Nil when the request does not take it.
    func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement?

    /// Where it goes for an OpenAPI operation whose requirement names `scheme`; nil when it does not
    /// satisfy that scheme.
    func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement?

    /// What to type to give `scheme` a credential of this kind (`auth key X-Api-Key=…`), for `help` and
    /// the warning of a requirement not met; nil when this kind is not what the scheme takes.
    static func authCommand(for scheme: OpenAPISecurityScheme) -> String?
}

/// What a scheme that says nothing more does: it satisfies no OpenAPI security scheme.
extension CredentialPlacing {
    func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement? { nil }
    static func authCommand(for scheme: OpenAPISecurityScheme) -> String? { nil }
}

/// What the pipeline knows before a request's credentials are placed.
struct AuthContext: Sendable {
    /// The access token fetched for the OAuth 2 client in scope, if any.
    let fetchedToken: String?

    init(fetchedToken: String? = nil) {
        self.fetchedToken = fetchedToken
    }
}
