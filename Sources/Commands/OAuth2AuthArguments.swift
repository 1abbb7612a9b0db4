import Declarations
import Facade
import HTTPClient
import HTTPTypes
import JSON
import Secrets
import Shell

/// `auth oauth2 [TOKEN_URL] client_id=ID client_secret=SECRET [scope=S…] [audience=A] [--secret-in-body]
/// [SERVICE|URL]`: an OAuth 2 client whose token is fetched on the first request in scope. Without a token
/// URL, the service's OpenAPI document gives it (and the scopes) from its `clientCredentials` flow.
enum OAuth2AuthArguments {
    static let tokenURLArgument = Positional("TOKEN_URL", .url, .optional,
                                             help: "where the token is fetched (else from the service's OpenAPI clientCredentials flow)")
    static let clientID = Option.assignment("client_id", "ID", required: true, help: "the client's id", validator: .nonEmpty)
    static let clientSecret = Option.assignment("client_secret", "SECRET", required: true, secret: true, help: "the client's secret",
                                                validator: .nonEmpty)
    static let scopeOption = Option.assignment("scope", "S", repeats: true, help: "a scope to ask for (else the flow's scopes)")
    static let audienceOption = Option.assignment("audience", "A", help: "the audience to ask the token for")
    static let secretInBody = Flag("--secret-in-body", help: "send the client's id and secret in the token request's body, not as Basic")

    /// The form of `auth` it reads; the client secret is a secret.
    static let form = ArgumentForm(["oauth2"], [tokenURLArgument, AuthCommand.scope],
        options: [clientID, clientSecret, scopeOption, audienceOption, secretInBody],
        help: "an OAuth 2 client whose token is fetched on the first request in scope")

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        var tokenURL = arguments[Self.tokenURLArgument]
        var scopes = arguments.values(Self.scopeOption).flatMap { $0.split(separator: " ").map(String.init) }
        let audience = arguments[Self.audienceOption]
        let authentication: OAuth2Client.Authentication = arguments[Self.secretInBody] ? .post : .basic
        let clientID = arguments[Self.clientID] ?? ""
        let clientSecret = arguments[Self.clientSecret] ?? ""
        let scope = try CredentialScopeArgument.parse(arguments[AuthCommand.scope], facade: facade)
        var source = "token from \(tokenURL ?? "")"
        if tokenURL == nil {
            guard case .service(let service) = scope else {
                throw CommandError("auth oauth2: give the token URL, or a service whose OpenAPI document has an oauth2 clientCredentials flow")
            }
            let flow: OAuth2ClientCredentialsFlow
            do {
                flow = try facade.credentials.oauth2Flow(of: service)
            } catch {
                throw CommandError(error)
            }
            tokenURL = flow.tokenURL
            if scopes.isEmpty { scopes = flow.scopes }
            source = "token from \(flow.tokenURL), as the security scheme \(flow.scheme) says"
        }
        guard let tokenURL, LocatorLocation.isWeb(tokenURL) else { throw CommandError("auth oauth2: the token URL must be http(s)://…") }
        let client = OAuth2Client(
            tokenURL: tokenURL, clientID: clientID, clientSecret: clientSecret, scopes: scopes, audience: audience,
            authentication: authentication)
        facade.credentials.setCredential(AuthSchemes.oauth2(client), for: scope)
        var report = RunResult(lines: ["OAuth 2 client \(clientID) set for \(scope) (\(source), fetched on first use)"])
        report.data = .object(JSONObject([
            ("scope", .string(scope.description)), ("client_id", .string(clientID)), ("token_url", .string(tokenURL)),
            ("scopes", .array(scopes.map(JSONValue.string))),
        ]))
        return report
    }
}
