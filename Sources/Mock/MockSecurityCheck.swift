import APIDescriptions
import HTTPServer
import JSON

/// Whether a request carries what an operation's security requirement asks for: one alternative whose
/// every scheme has its credential in place (a bearer token, Basic or Digest `Authorization`, an API key
/// in its header, query or cookie). Values are not checked, as a mock has no accounts; mutual TLS cannot
/// be seen over plain HTTP and counts as present.
enum MockSecurityCheck {
    /// nil when the requirement is met; else the 401 to answer.
    static func problem(for operation: MockOperation, request: HTTPServer.HTTPRequest, cookies: [(name: String, value: String)]) -> MockProblem? {
        guard let security = operation.operation.security, !security.isPublic, !security.allowsAnonymous else { return nil }
        if security.alternatives.contains(where: { requirement in
            requirement.schemes.allSatisfy { present($0.scheme, in: request, cookies: cookies) }
        }) {
            return nil
        }
        let wanted = security.alternatives.map { requirement in
            requirement.schemes.map { "\($0.scheme.name) (\($0.scheme.summary))" }.joined(separator: " and ")
        }
        let scheme = security.alternatives.first?.schemes.first?.scheme
        let challenge = scheme.flatMap(Self.challenge(for:))
        return MockProblem(
            status: 401, title: "Unauthorized",
            detail: "\(operation.operation.displayName) needs \(wanted.joined(separator: " or "))",
            members: [("expected", .string(wanted.joined(separator: " or "))), ("found", .string("no credential"))],
            headers: challenge.map { [("WWW-Authenticate", $0)] } ?? [])
    }

    private static func present(_ scheme: OpenAPISecurityScheme, in request: HTTPServer.HTTPRequest, cookies: [(name: String, value: String)]) -> Bool {
        let authorization = request.header("Authorization")?.trimmedHTTPWhitespace ?? ""
        func carries(_ word: String) -> Bool {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].lowercased() == word && !parts[1].trimmedHTTPWhitespace.isEmpty
        }
        switch scheme.kind {
        case .bearer, .oauth2, .openIdConnect: return carries("bearer")
        case .basic: return carries("basic")
        case .digest: return carries("digest")
        case .otherHTTP(let name): return carries(name.lowercased())
        case let .apiKey(name, location):
            switch location {
            case .header: return !(request.header(name) ?? "").isEmpty
            case .query: return request.query.contains { $0.name == name && !$0.value.isEmpty }
            case .cookie: return cookies.contains { $0.name == name && !$0.value.isEmpty }
            }
        case .mutualTLS: return true
        }
    }

    private static func challenge(for scheme: OpenAPISecurityScheme) -> String? {
        switch scheme.kind {
        case .bearer, .oauth2, .openIdConnect: "Bearer realm=\"mock\""
        case .basic: "Basic realm=\"mock\""
        case .digest: nil
        case .otherHTTP(let name): HTTPFieldSyntax.isToken(name) ? name : nil
        case .apiKey, .mutualTLS: nil
        }
    }

    /// The schemes whose name cannot travel in `WWW-Authenticate` (it is sent without a challenge).
    static func warnings(for spec: OpenAPIDocument) -> [String] {
        spec.securitySchemes.sorted { $0.key < $1.key }.compactMap { name, scheme in
            guard case .otherHTTP(let written) = scheme.kind, !HTTPFieldSyntax.isToken(written) else { return nil }
            return "security scheme \(name): its scheme \(JSONValue.string(written).encoded()) is not an HTTP token; a 401 is sent without WWW-Authenticate"
        }
    }
}
