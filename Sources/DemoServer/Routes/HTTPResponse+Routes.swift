import HTTPServer
/// Answers shared by every route.
extension HTTPResponse {
    /// `{"error":"no route for GET /x","status":404}`.
    static func noRoute(for request: HTTPRequest) -> HTTPResponse {
        .error("no route for \(request.method) \(request.path)", status: 404)
    }

    /// 405 with the `Allow` header listing what the route does accept.
    static func methodNotAllowed(_ request: HTTPRequest, allow: String) -> HTTPResponse {
        var response = HTTPResponse.error("method \(request.method) not allowed for \(request.path)", status: 405)
        response.headers.append(("Allow", allow))
        return response
    }

    /// 404 for a route whose fixture file is missing from the fixture folder.
    static func missingFixture(_ path: String) -> HTTPResponse {
        .error("no fixture \(path)", status: 404)
    }
}
