import HTTPServer
/// `GET /catalog`, versioned by media type: `Accept: application/vnd.demo.v1+json` or `…v2+json`, as
/// GitHub's older API did. The answer's `Content-Type` is the chosen type; any other `Accept` (none,
/// `application/json`, `*/*`) is a 406 naming the supported types.
struct CatalogAPI {
    static let mediaTypes = ["application/vnd.demo.v1+json", "application/vnd.demo.v2+json"]
    static let versions = SupportedVersions(values: mediaTypes, carrier: "Accept header", status: 406)

    let fixtures: FixtureStore

    /// `catalog/v1.json`: the whole answer of that version.
    static func file(forMediaType mediaType: String) -> String {
        mediaType == mediaTypes[0] ? "catalog/v1.json" : "catalog/v2.json"
    }

    func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        guard request.pathSegments == ["catalog"] else { return nil }
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        var response: HTTPResponse
        if let accept = nonEmpty(request.header("Accept")?.trimmedHTTPWhitespace) {
            if let mediaType = AcceptHeader(accept).preferred(among: Self.mediaTypes) {
                let file = Self.file(forMediaType: mediaType)
                guard let document = try fixtures.document(at: file) else { return .missingFixture(file) }
                response = HTTPResponse(status: 200, headers: [("Content-Type", mediaType)], body: .bytes(document.bytes))
            } else {
                response = Self.versions.unsupported(accept, what: "media type in Accept")
            }
        } else {
            response = Self.versions.missing
        }
        response.headers.append(("Vary", "Accept"))
        return response
    }
}
