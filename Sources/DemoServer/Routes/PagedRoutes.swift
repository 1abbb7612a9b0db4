import JSON
import HTTPServer

/// Two lists of seven items, three to a page, paged the two ways real APIs page:
///
/// - `GET /paged/link?page=N`: a `Link` header (RFC 8288) with `first`, `prev`, `next` and `last`, `next`
///   relative and the others absolute, one with a quoted comma in its title;
/// - `GET /paged/body?page=N`: the body's `next_page_uri`, relative, as Twilio does (null on the last page).
enum PagedRoutes {
    static let itemCount = 7
    static let pageSize = 3
    static var pageCount: Int { (itemCount + pageSize - 1) / pageSize }

    static func respond(to request: HTTPRequest, baseURL: String) -> HTTPResponse {
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        let segments = request.pathSegments
        guard segments.count == 2, segments[1] == "link" || segments[1] == "body" else { return .noRoute(for: request) }
        let text = request.queryValue("page") ?? "1"
        guard let page = Int(text), (1...pageCount).contains(page) else {
            return .error("page must be 1–\(pageCount), not '\(text)'", status: 400)
        }
        let first = (page - 1) * pageSize + 1
        let items = (first...min(first + pageSize - 1, itemCount)).map { JSONValue.string("item \($0)") }
        let path = "/paged/" + segments[1]
        if segments[1] == "body" {
            let next: JSONValue = page < pageCount ? .string("\(path)?page=\(page + 1)") : .null
            return .json(.object([("page", .int(page)), ("items", .array(items)), ("next_page_uri", next)]))
        }
        var links = [#"<\#(baseURL)\#(path)?page=1>; rel="first"; title="page 1, the first""#]
        if page > 1 { links.append(#"<\#(baseURL)\#(path)?page=\#(page - 1)>; rel=prev"#) }
        if page < pageCount { links.append(#"<\#(path)?page=\#(page + 1)>; rel="next""#) }
        links.append(#"<\#(baseURL)\#(path)?page=\#(pageCount)>; rel="last""#)
        var response = HTTPResponse.json(.object([("page", .int(page)), ("items", .array(items))]))
        response.headers.append(("Link", links.joined(separator: ", ")))
        return response
    }
}
