import JSON
import HTTPServer

/// `GET /weather/vN?city=NAME`: one city's record from `weather/vN.json`, so a fixture folder can add a
/// version just by adding a file.
struct WeatherAPI {
    let fixtures: FixtureStore

    func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        guard request.pathSegments.count == 2 else { return nil }
        let file = "weather/\(request.pathSegments[1]).json"
        guard let document = try fixtures.document(at: file) else { return nil }
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        let city = nonEmpty(request.queryValue("city")) ?? "Richmond"
        guard let record = document[city.lowercased()] else {
            return .error("unknown city '\(city)'", status: 404)
        }
        return .json(record)
    }
}

/// nil for a missing or empty query value, so `?city=` falls back to the default like no `city` at all.
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}
