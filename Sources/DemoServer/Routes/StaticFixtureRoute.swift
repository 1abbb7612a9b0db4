import HTTPServer
/// Any other `GET /P`: the fixture file `P` or `P.json`, so a fixture folder can publish its own static
/// services just by adding files.
struct StaticFixtureRoute {
    let fixtures: FixtureStore

    func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        guard request.isRead, !request.pathSegments.isEmpty else { return nil }
        let path = request.pathSegments.joined(separator: "/")
        guard FixtureStore.isSafe(path) else {
            return .error("path \(request.path) leaves the fixture folder", status: 400)
        }
        for candidate in [path, path + ".json"] {
            if let bytes = try fixtures.bytes(at: candidate) {
                return HTTPResponse(status: 200, headers: [("Content-Type", Self.contentType(of: candidate))], body: .bytes(bytes))
            }
        }
        return nil
    }

    private static func contentType(of path: String) -> String {
        let suffix = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch suffix {
        case "json": return "application/json"
        case "html", "htm": return "text/html; charset=utf-8"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "xml": return "application/xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "svg": return "image/svg+xml"
        default: return "application/octet-stream"
        }
    }
}
