import JSON
import HTTPServer

/// `GET /meetup/2/groups?lat&lon&radius&page&offset&key`: groups within `radius` km of the point, nearest
/// first, `page` per page, page number `offset`, with `meta.next` linking the following page.
package struct MeetupAPI {
    let fixtures: FixtureStore

    private static let groupsFile = "meetup/groups.json"

    /// The validated query.
    private struct Query {
        let lat: Double
        let lon: Double
        let radius: Double
        let page: Int
        let offset: Int
    }

    func respond(to request: HTTPRequest, baseURL: String) throws -> HTTPResponse? {
        guard request.pathSegments == ["meetup", "2", "groups"] else { return nil }
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        guard nonEmpty(request.queryValue("key")) != nil else {
            return problem(401, "missing API key", code: "not_authorized", details: "pass key=… in the query")
        }
        let query: Query
        switch parseQuery(request) {
        case .valid(let parsed): query = parsed
        case .invalid(let response): return response
        }
        guard let groups = try fixtures.document(at: Self.groupsFile)?.arrayValue else {
            return .missingFixture(Self.groupsFile)
        }

        let nearby = groups.enumerated().compactMap { index, group -> (distance: Double, index: Int, group: JSONValue)? in
            // A fixture position beyond Double's range reads as infinite: nowhere, so never near.
            guard let lat = group["lat"]?.doubleValue, let lon = group["lon"]?.doubleValue, lat.isFinite, lon.isFinite else {
                return nil
            }
            let distance = GeoDistance.kilometres(fromLat: query.lat, lon: query.lon, toLat: lat, lon: lon)
            return distance <= query.radius ? (distance, index, group) : nil
        }
        .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }

        // offset and page are the client's numbers: an index past Int.max is simply past the end.
        let (firstIndex, overflow) = query.offset.multipliedReportingOverflow(by: query.page)
        let start = overflow ? nearby.count : min(nearby.count, firstIndex)
        let end = min(nearby.count, start + query.page)
        // A next page exists only when offset × page < total_count, so offset + 1 cannot overflow.
        let nextOffset = end < nearby.count ? query.offset + 1 : nil
        let results = nearby[start..<end].map(\.group)
        let origin = Self.origin(of: request) ?? baseURL

        return .json(.object([
            ("results", .array(results)),
            ("meta", .object([
                ("count", .int(results.count)),
                ("total_count", .int(nearby.count)),
                ("next", .string(nextOffset.map { pageURL(origin, query, offset: $0) } ?? "")),
                ("url", .string(pageURL(origin, query, offset: query.offset))),
                ("lat", .double(query.lat)),
                ("lon", .double(query.lon)),
                ("title", .string("Meetup Groups v2")),
                ("method", .string("Groups")),
            ])),
        ]))
    }

    /// A query ready to use, or the Meetup API's problem document rejecting it.
    private enum ParsedQuery {
        case valid(Query)
        case invalid(HTTPResponse)
    }

    private func parseQuery(_ request: HTTPRequest) -> ParsedQuery {
        func bad(_ problem: String, _ details: String) -> ParsedQuery {
            .invalid(self.problem(400, problem, code: "bad_request", details: details))
        }
        guard let latText = nonEmpty(request.queryValue("lat")), let lonText = nonEmpty(request.queryValue("lon")) else {
            return bad("missing lat or lon", "pass lat=… and lon=… in decimal degrees")
        }
        guard let lat = Double(latText), lat.isFinite, (-90...90).contains(lat) else {
            return bad("invalid lat '\(latText)'", "lat must be a number from -90 to 90")
        }
        guard let lon = Double(lonText), lon.isFinite, (-180...180).contains(lon) else {
            return bad("invalid lon '\(lonText)'", "lon must be a number from -180 to 180")
        }
        let radiusText = nonEmpty(request.queryValue("radius")) ?? "25"
        guard let radius = Double(radiusText), radius.isFinite, radius > 0 else {
            return bad("invalid radius '\(radiusText)'", "radius is in kilometres and must be greater than 0")
        }
        let pageText = nonEmpty(request.queryValue("page")) ?? "20"
        guard let page = Int(pageText), page > 0 else {
            return bad("invalid page '\(pageText)'", "page is the number of results per page, 1 to 200")
        }
        let offsetText = nonEmpty(request.queryValue("offset")) ?? "0"
        guard let offset = Int(offsetText), offset >= 0 else {
            return bad("invalid offset '\(offsetText)'", "offset is the page index, starting at 0")
        }
        return .valid(Query(lat: lat, lon: lon, radius: radius, page: min(page, 200), offset: offset))
    }

    /// The page link, never carrying the API key.
    private func pageURL(_ origin: String, _ query: Query, offset: Int) -> String {
        "\(origin)/meetup/2/groups?lat=\(JSONValue.double(query.lat))&lon=\(JSONValue.double(query.lon))"
            + "&radius=\(JSONValue.double(query.radius))&page=\(query.page)&offset=\(offset)"
    }

    /// `http://` plus the request's Host header when it looks like a host (and optional port).
    private static func origin(of request: HTTPRequest) -> String? {
        guard let host = nonEmpty(request.header("Host")) else { return nil }
        let allowed = host.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-:[]_".unicodeScalars.contains(scalar))
        }
        return allowed ? "http://\(host)" : nil
    }

    private func problem(_ status: Int, _ problem: String, code: String, details: String) -> HTTPResponse {
        .json(.object([("problem", .string(problem)), ("code", .string(code)), ("details", .string(details))]), status: status)
    }
}
