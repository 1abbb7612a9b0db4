import JSON
import HTTPServer

/// The demo vault at `/vault/…`, checking each operation's credentials exactly as `specs/vault.json`
/// declares them: a missing credential is 401, a wrong one 403, both as the spec's `Error`. Every answer
/// that gets through names the credential carriers the request had (`Authorization`, `X-Api-Key`,
/// `api_key`, `vault_session`), so a client can be held to sending only what the operation needs.
struct VaultAPI {
    /// One way a request may carry a credential, and the value the vault accepts there.
    private enum Carrier: CaseIterable {
        case bearer, basic, headerKey, queryKey, cookieKey

        /// What `received` calls it.
        var name: String {
            switch self {
            case .bearer, .basic: "Authorization"
            case .headerKey: "X-Api-Key"
            case .queryKey: "api_key"
            case .cookieKey: "vault_session"
            }
        }

        /// The value as sent, or nil when the request does not carry it.
        func value(in request: HTTPRequest) -> String? {
            switch self {
            case .bearer:
                guard let header = request.header("Authorization"), header.lowercased().hasPrefix("bearer ") else { return nil }
                return String(header.dropFirst(7))
            case .basic:
                guard let header = request.header("Authorization"), header.lowercased().hasPrefix("basic ") else { return nil }
                return String(header.dropFirst(6))
            case .headerKey:
                return request.header("X-Api-Key")
            case .queryKey:
                return request.queryValue("api_key")
            case .cookieKey:
                return VaultAPI.cookie("vault_session", in: request)
            }
        }

        var accepted: String {
            switch self {
            case .bearer: VaultSpec.token
            case .basic: "YWRtaW46dmF1bHQtcGFzcw=="
            case .headerKey, .queryKey, .cookieKey: VaultSpec.apiKey
            }
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse? {
        let segments = request.pathSegments
        guard segments.first == "vault" else { return nil }
        let path = Array(segments.dropFirst())
        let route: (operation: String, alternatives: [[Carrier]])
        switch (request.method, path.count, path.first) {
        case ("GET", 1, "health"): route = ("getHealth", [[]])
        case ("GET", 1, "secrets"): route = ("listSecrets", [[.bearer]])
        case ("POST", 1, "secrets"): route = ("createSecret", [[.bearer, .headerKey]])
        case ("GET", 2, "secrets"): route = ("getSecret", [[.headerKey]])
        case ("GET", 1, "reports"): route = ("getReport", [[.queryKey]])
        case ("GET", 1, "session"): route = ("getSession", [[.cookieKey]])
        case ("GET", 1, "admin"): route = ("getAdmin", [[.basic]])
        case ("GET", 1, "audit"): route = ("getAudit", [[.bearer], [.headerKey]])
        default:
            return refusal(404, "no operation \(request.method) /\(path.joined(separator: "/")) in the vault")
        }
        let received = Carrier.allCases.filter { $0.value(in: request) != nil }
        var names: [String] = []
        for carrier in received where !names.contains(carrier.name) { names.append(carrier.name) }
        // The first alternative whose carriers are all present decides; a wrong value there is 403.
        if let present = route.alternatives.first(where: { $0.allSatisfy(received.contains) }) {
            if let wrong = present.first(where: { $0.value(in: request) != $0.accepted }) {
                return refusal(403, "\(route.operation): the \(wrong.name) credential is not valid")
            }
        } else {
            let needed = route.alternatives.map { $0.map(\.name).joined(separator: " and ") }.joined(separator: " or ")
            return refusal(401, "\(route.operation) needs \(needed)")
        }
        var fields: [(String, JSONValue)] = [("operation", .string(route.operation)), ("received", .array(names.map(JSONValue.string)))]
        if route.operation == "getSecret" { fields.append(("name", .string(path[1]))) }
        if route.operation == "createSecret" {
            guard let body = try? JSONValue.parse(bytes: request.body), let name = body["name"]?.stringValue else {
                return refusal(400, "createSecret takes a JSON body with a name")
            }
            fields.append(("name", .string(name)))
            return .json(.object(fields), status: 201)
        }
        return .json(.object(fields))
    }

    private func refusal(_ status: Int, _ message: String) -> HTTPResponse {
        .json(.object([("code", .int(status)), ("message", .string(message))]), status: status)
    }

    /// The value of one cookie of the request's `Cookie` header.
    fileprivate static func cookie(_ name: String, in request: HTTPRequest) -> String? {
        guard let header = request.header("Cookie") else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.trimmedHTTPWhitespace
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            if trimmed[..<equals] == name { return String(trimmed[trimmed.index(after: equals)...]) }
        }
        return nil
    }
}
