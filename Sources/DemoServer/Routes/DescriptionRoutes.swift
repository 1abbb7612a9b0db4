import HTTPServer
/// `GET /descriptions/…`: the API descriptions of `DescriptionFixtures`, as YAML, and two API roots that
/// say where their description is (each document with an ETag that `If-None-Match` revalidates): `/descriptions/pets-multi` (an HTML page; its description is at the
/// well-known `openapi.yaml` under it) and `/descriptions/swagger-pets` (a `Link: rel="service-desc"`).
enum DescriptionRoutes {
    static func respond(to request: HTTPRequest) -> HTTPResponse? {
        guard request.isRead else { return nil }
        let path = request.pathSegments.dropFirst().joined(separator: "/")
        if let text = DescriptionFixtures.files[path] {
            // An ETag from the text, so a client's cached copy can be revalidated (304 Not Modified).
            let etag = "\"\(etag(of: text))\""
            if request.header("If-None-Match") == etag {
                return HTTPResponse(status: 304, headers: [("ETag", etag)], body: .bytes([]))
            }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/yaml"), ("ETag", etag)], body: .bytes(Array(text.utf8)))
        }
        switch path {
        case "pets-multi":
            return page("Pets in pieces", links: [])
        case "swagger-pets":
            return page("Swagger pets", links: [("Link", "</descriptions/swagger-pets/swagger.yaml>; rel=\"service-desc\"")])
        default:
            return nil
        }
    }

    private static func etag(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private static func page(_ title: String, links: [(String, String)]) -> HTTPResponse {
        let html = "<!doctype html><title>\(title)</title><p>\(title): an API root.</p>\n"
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")] + links, body: .bytes(Array(html.utf8)))
    }
}
