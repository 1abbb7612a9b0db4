import JSON
import HTTPServer

/// `ANY /echo[/…]`: the request as the server saw it, for checking what a client really sends.
enum EchoRoute {
    static func respond(to request: HTTPRequest) -> HTTPResponse {
        var members: [(String, JSONValue)] = [
            ("method", .string(request.method)),
            ("path", .string(request.path)),
            ("query", firstWins(request.query)),
            ("headers", headers(of: request)),
            ("body", .string(String(decoding: request.body, as: UTF8.self))),
        ]
        let contentType = (request.header("Content-Type") ?? "").lowercased()
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            let text = String(decoding: request.body, as: UTF8.self)
            members.append(("form", firstWins(URLEncoding.decodeForm(Substring(text)))))
        }
        if contentType.contains("json"), let json = try? JSONValue.parse(bytes: request.body) {
            members.append(("json", json))
        }
        return .json(.object(members))
    }

    /// Names lower-cased; a repeated header's values joined with ", " as HTTP allows.
    private static func headers(of request: HTTPRequest) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for header in request.headers {
            let name = header.name.lowercased()
            if let index = members.firstIndex(where: { $0.0 == name }), case .string(let earlier) = members[index].1 {
                members[index].1 = .string(earlier + ", " + header.value)
            } else {
                members.append((name, .string(header.value)))
            }
        }
        return .object(members)
    }

    /// An object of name → value keeping the first of repeated names, as `queryValue` does.
    private static func firstWins(_ pairs: [(name: String, value: String)]) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for pair in pairs where !members.contains(where: { $0.0 == pair.name }) {
            members.append((pair.name, .string(pair.value)))
        }
        return .object(members)
    }
}
