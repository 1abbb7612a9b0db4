import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON
import HTTPServer

/// A small OAuth 2 authorization server and the API it protects, for the client-credentials grant
/// (RFC 6749 §4.4) and bearer tokens (RFC 6750). Always mounted, faults or not.
///
/// - `POST /oauth/token[?expires_in=S]`: `demo-client`/`demo-secret` authenticates by HTTP Basic or in
///   the body; `post-client`/`post-secret` only in the body (Basic is `invalid_client`). Scopes `read` and
///   `write`; any other is `invalid_scope`. Tokens last `expires_in` seconds (default 3600).
/// - `GET /oauth/protected`: 200 with the token's number for a valid token; 401 `invalid_token` for an
///   expired, revoked or unknown one; 401 with a bare challenge without one.
/// - `POST /oauth/revoke`: every token issued so far stops being valid (a server-side revocation).
/// - `GET /oauth/stats`: how many tokens were issued.
/// - `GET /oauth/openapi.json`: an OpenAPI document whose `oauth2` scheme has a `clientCredentials` flow.
struct OAuthAPI {
    let ledger: OAuthLedger
    var clock: @Sendable () -> Double = { Date().timeIntervalSince1970 }

    private static let clients: [String: (secret: String, basic: Bool)] = [
        "demo-client": ("demo-secret", true),
        "post-client": ("post-secret", false),
    ]
    private static let scopes: Set<String> = ["read", "write"]

    func respond(to request: HTTPRequest, baseURL: String) -> HTTPResponse {
        let rest = request.pathSegments.dropFirst()
        switch (request.method, rest.first, rest.count) {
        case ("POST", "token"?, 1): return token(request)
        case ("GET", "protected"?, 1), ("HEAD", "protected"?, 1): return protected(request)
        case ("POST", "revoke"?, 1): return .json(.object([("revoked", .int(ledger.revokeAll()))]))
        case ("GET", "stats"?, 1): return .json(.object([("issued", .int(ledger.issuedCount))]))
        case ("GET", "openapi.json"?, 1): return .json(Self.openAPI(baseURL: baseURL))
        default: return .noRoute(for: request)
        }
    }

    // MARK: Token endpoint

    private func token(_ request: HTTPRequest) -> HTTPResponse {
        let form = URLEncoding.decodeForm(Substring(String(decoding: request.body, as: UTF8.self)))
        func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
        guard field("grant_type") == "client_credentials" else {
            return Self.tokenError("unsupported_grant_type", "only client_credentials is served here", status: 400)
        }
        let client: String
        let secret: String
        let usedBasic: Bool
        if let basic = Self.basicCredentials(request.header("Authorization")) {
            (client, secret, usedBasic) = (basic.user, basic.password, true)
        } else if let id = field("client_id"), let given = field("client_secret") {
            (client, secret, usedBasic) = (id, given, false)
        } else {
            return Self.tokenError("invalid_client", "no client authentication", status: 401, challenge: true)
        }
        guard let known = Self.clients[client], known.secret == secret, known.basic || !usedBasic else {
            let reason = Self.clients[client].map { !$0.basic && usedBasic } == true
                ? "this client authenticates with client_secret_post" : "client authentication failed"
            return Self.tokenError("invalid_client", reason, status: 401, challenge: usedBasic)
        }
        let requested = (field("scope") ?? "read").split(separator: " ").map(String.init)
        if let unknown = requested.first(where: { !Self.scopes.contains($0) }) {
            return Self.tokenError("invalid_scope", "unknown scope \(unknown)", status: 400)
        }
        let lifetime = request.queryValue("expires_in").flatMap(Double.init).map { min(max($0, 0), 86_400) } ?? 3600
        let scope = requested.joined(separator: " ")
        let issued = ledger.issue(client: client, scope: scope, lifetime: lifetime, now: clock())
        var response = HTTPResponse.json(.object([
            ("access_token", .string(issued.token)), ("token_type", .string("Bearer")),
            ("expires_in", .double(lifetime)), ("scope", .string(scope)),
        ]))
        response.headers += [("Cache-Control", "no-store"), ("Pragma", "no-cache")]
        return response
    }

    /// RFC 6749 §5.2: `{"error": CODE, "error_description": …}`, with a Basic challenge after a failed Basic.
    private static func tokenError(_ code: String, _ description: String, status: Int, challenge: Bool = false) -> HTTPResponse {
        var response = HTTPResponse.json(.object([("error", .string(code)), ("error_description", .string(description))]), status: status)
        if challenge { response.headers.append(("WWW-Authenticate", #"Basic realm="apish-demo""#)) }
        return response
    }

    private static func basicCredentials(_ header: String?) -> (user: String, password: String)? {
        guard let header, header.lowercased().hasPrefix("basic "),
              let data = Data(base64Encoded: String(header.dropFirst(6)).trimmedHTTPWhitespace) else { return nil }
        let pair = String(decoding: data, as: UTF8.self)
        guard let colon = pair.firstIndex(of: ":") else { return nil }
        return (PercentEncoding.decode(pair[..<colon], plusAsSpace: true),
                PercentEncoding.decode(pair[pair.index(after: colon)...], plusAsSpace: true))
    }

    // MARK: Protected resource

    private func protected(_ request: HTTPRequest) -> HTTPResponse {
        guard let header = request.header("Authorization"), header.lowercased().hasPrefix("bearer ") else {
            var response = HTTPResponse.error("a bearer token is required", status: 401)
            response.headers.append(("WWW-Authenticate", #"Bearer realm="apish-demo""#))
            return response
        }
        let token = String(header.dropFirst(7)).trimmedHTTPWhitespace
        guard let issued = ledger.lookUp(token), issued.expiresAt > clock() else {
            var response = HTTPResponse.error("the access token is expired, revoked or unknown", status: 401)
            response.headers.append((
                "WWW-Authenticate", #"Bearer realm="apish-demo", error="invalid_token", error_description="the access token expired""#))
            return response
        }
        return .json(.object([
            ("ok", .bool(true)), ("client", .string(issued.client)), ("scope", .string(issued.scope)),
            ("token_number", .int(issued.number)),
        ]))
    }

    // MARK: Description

    static func openAPI(baseURL: String) -> JSONValue {
        .object([
            ("openapi", .string("3.0.3")),
            ("info", .object([("title", .string("OAuth demo")), ("version", .string("1.0.0"))])),
            ("servers", .array([.object([("url", .string(baseURL + "/oauth"))])])),
            ("paths", .object([
                ("/protected", .object([
                    ("get", .object([
                        ("operationId", .string("getProtected")),
                        ("security", .array([.object([("demoOAuth", .array([.string("read")]))])])),
                        ("responses", .object([("200", .object([("description", .string("the token's holder"))]))])),
                    ])),
                ])),
            ])),
            ("components", .object([
                ("securitySchemes", .object([
                    ("demoOAuth", .object([
                        ("type", .string("oauth2")),
                        ("flows", .object([
                            ("clientCredentials", .object([
                                ("tokenUrl", .string(baseURL + "/oauth/token")),
                                ("scopes", .object([("read", .string("read the protected resource")), ("write", .string("change it"))])),
                            ])),
                        ])),
                    ])),
                ])),
            ])),
        ])
    }
}
