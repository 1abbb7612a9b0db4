import JSON
import HTTPServer

/// `GET /forecast?city=NAME` (default Richmond), versioned by a calendar date in the `X-Demo-Api-Version`
/// request header, as GitHub does with `X-GitHub-Api-Version`. The two versions share the URL and differ
/// in shape: `2024-01-01` is flat, `2025-06-01` nests location and temperature. The accepted version is
/// echoed in the response header; a missing or unknown one is a 400 naming the supported versions.
struct ForecastAPI {
    static let versionHeader = "X-Demo-Api-Version"
    static let versions = SupportedVersions(values: ["2024-01-01", "2025-06-01"], carrier: "\(versionHeader) header")

    let fixtures: FixtureStore

    /// `forecast/2024-01-01.json`: one document per version, keyed by lower-cased city.
    static func file(for version: String) -> String {
        "forecast/\(version).json"
    }

    func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        guard request.pathSegments == ["forecast"] else { return nil }
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        guard let version = nonEmpty(request.header(Self.versionHeader)?.trimmedHTTPWhitespace) else {
            return varying(Self.versions.missing)
        }
        guard Self.versions.contains(version) else {
            return varying(Self.versions.unsupported(version))
        }
        let file = Self.file(for: version)
        guard let document = try fixtures.document(at: file) else { return .missingFixture(file) }
        let city = nonEmpty(request.queryValue("city")) ?? "Richmond"
        var response = document[city.lowercased()].map { HTTPResponse.json($0) }
            ?? .error("unknown city '\(city)'", status: 404)
        response.headers.append((Self.versionHeader, version))
        return varying(response)
    }

    /// Caches must key on the version header, since the URL alone does not say which shape this is.
    private func varying(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append(("Vary", Self.versionHeader))
        return response
    }
}
