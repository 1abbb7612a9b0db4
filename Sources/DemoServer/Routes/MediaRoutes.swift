import HTTPServer
/// `/media/…`: bodies that are not JSON, for trying what a client does with them.
///
/// - `GET /media/png`: a small PNG image (a real one: signature, IHDR, IDAT, IEND, with their checksums);
/// - `GET /media/ndjson`: JSON lines (`application/x-ndjson`), one event a line;
/// - `GET /media/xml`, `GET /media/html`: a little XML and HTML;
/// - `POST|PUT /media/echo`: the request's body as it came, with its Content-Type, so a round trip of
///   binary bytes can be checked (`/echo` shows a body as text).
enum MediaRoutes {
    static func respond(to request: HTTPRequest) -> HTTPResponse {
        let name = request.pathSegments.dropFirst().first
        if name == "echo" {
            let type = request.header("Content-Type") ?? "application/octet-stream"
            return HTTPResponse(status: 200, headers: [("Content-Type", type)], body: .bytes(request.body))
        }
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        switch name {
        case "png":
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: .bytes(DemoImage.png))
        case "ndjson":
            let lines = [
                #"{"id":1,"event":"created","pet":"Rex"}"#,
                #"{"id":2,"event":"fed","pet":"Rex"}"#,
                #"{"id":3,"event":"adopted","pet":"Rex","by":"Ada"}"#,
            ]
            return text(lines.joined(separator: "\n") + "\n", type: "application/x-ndjson")
        case "xml":
            return text("""
                <?xml version="1.0" encoding="UTF-8"?>
                <pet id="1"><name>Rex</name><species>dog</species></pet>

                """, type: "application/xml")
        case "html":
            return text("""
                <!DOCTYPE html>
                <html><head><title>Rex</title></head><body><h1>Rex</h1><p>A good dog.</p></body></html>

                """, type: "text/html; charset=utf-8")
        default:
            return .noRoute(for: request)
        }
    }

    private static func text(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", type)], body: .bytes(Array(text.utf8)))
    }
}
