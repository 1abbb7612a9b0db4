/// One parsed request: the request line split up, headers in arrival order and the body bytes.
package struct HTTPRequest: Sendable {
    package var method: String
    /// The request target exactly as sent (`/meetup/2/groups?lat=1`).
    package var target: String
    /// The path part of the target, still percent-encoded.
    package var path: String
    /// The path split on `/`, each segment percent-decoded, empty segments dropped.
    package var pathSegments: [String]
    package var query: [(name: String, value: String)]
    package var minorVersion: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8] = []

    /// The first header called `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The first query parameter called `name` (exact match, as query keys are case-sensitive).
    package func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// HTTP/1.1 keeps the connection unless told `close`; HTTP/1.0 closes unless told `keep-alive`.
    package var wantsKeepAlive: Bool {
        let tokens = (header("Connection") ?? "").lowercased().split(separator: ",").map(\.trimmedHTTPWhitespace)
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// HEAD is answered like GET without the body.
    package var isHead: Bool { method == "HEAD" }

    /// GET or HEAD: the methods that read.
    package var isRead: Bool { method == "GET" || method == "HEAD" }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    package var trimmedHTTPWhitespace: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
