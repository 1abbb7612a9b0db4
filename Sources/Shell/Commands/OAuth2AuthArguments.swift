import Facade
import HTTPClient
import HTTPTypes
import JSON
import Secrets

/// `auth oauth2 [TOKEN_URL] client_id=ID client_secret=SECRET [scope=S…] [audience=A] [--secret-in-body]
/// [SERVICE|URL]`: an OAuth 2 client whose token is fetched on the first request in scope. Without a token
/// URL, the service's OpenAPI document gives it (and the scopes) from its `clientCredentials` flow.
enum OAuth2AuthArguments {
    static let usage = "auth oauth2 [TOKEN_URL] client_id=ID client_secret=SECRET [scope=S…] [audience=A] [--secret-in-body] [SERVICE|URL]"

    static func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        var tokenURL: String?
        var clientID: String?
        var clientSecret: String?
        var scopes: [String] = []
        var audience: String?
        var authentication = OAuth2Client.Authentication.basic
        var positional: [String] = []
        for argument in arguments {
            if argument == "--secret-in-body" {
                authentication = .post
            } else if let equals = argument.firstIndex(of: "="), !LocatorLocation.isWeb(argument) {
                let name = String(argument[..<equals]), value = String(argument[argument.index(after: equals)...])
                switch name {
                case "client_id": clientID = value
                case "client_secret": clientSecret = value
                case "scope": scopes += value.split(separator: " ").map(String.init)
                case "audience": audience = value
                default: throw CommandError("auth oauth2: unknown item \(name)=…; usage: \(usage)")
                }
            } else {
                positional.append(argument)
            }
        }
        // A first URL is the token URL: an origin scope alone gives no OpenAPI document to find one in.
        if let first = positional.first, LocatorLocation.isWeb(first) {
            tokenURL = first
            positional.removeFirst()
        }
        guard positional.count <= 1 else { throw CommandError("usage: \(usage)") }
        guard let clientID, !clientID.isEmpty, let clientSecret, !clientSecret.isEmpty else {
            throw CommandError("auth oauth2 needs client_id=… and client_secret=…; usage: \(usage)")
        }
        let scope = try CredentialScopeArgument.parse(positional.first, facade: facade)
        var source = "token from \(tokenURL ?? "")"
        if tokenURL == nil {
            guard case .service(let service) = scope else {
                throw CommandError("auth oauth2: give the token URL, or a service whose OpenAPI document has an oauth2 clientCredentials flow")
            }
            let flow: OAuth2ClientCredentialsFlow
            do {
                flow = try facade.oauth2Flow(of: service)
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
        facade.setOAuth2(client, for: scope)
        var report = RunResult(lines: ["OAuth 2 client \(clientID) set for \(scope) (\(source), fetched on first use)"])
        report.data = .object(JSONObject([
            ("scope", .string(scope.description)), ("client_id", .string(clientID)), ("token_url", .string(tokenURL)),
            ("scopes", .array(scopes.map(JSONValue.string))),
        ]))
        return report
    }
}
