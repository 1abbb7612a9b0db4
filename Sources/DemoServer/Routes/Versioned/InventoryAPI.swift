import JSON
import HTTPServer

/// `GET /inventory?api-version=VERSION`, versioned by a query parameter as Azure's APIs are. `2024-05-01`
/// lists `{sku, name, qty}`; `2025-01-15` renames `name` to `title`, splits the quantity into
/// `stock.available` and `stock.reserved`, and adds `total`. A missing or unknown version is a 400 naming
/// the supported ones, which are also listed on every answer in `api-supported-versions`.
struct InventoryAPI {
    static let versionParameter = "api-version"
    static let versions = SupportedVersions(values: ["2024-05-01", "2025-01-15"], carrier: "\(versionParameter) query parameter")

    let fixtures: FixtureStore

    /// `inventory/2024-05-01.json`: the whole answer of that version.
    static func file(for version: String) -> String {
        "inventory/\(version).json"
    }

    func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        guard request.pathSegments == ["inventory"] else { return nil }
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        var response: HTTPResponse
        if let version = nonEmpty(request.queryValue(Self.versionParameter)) {
            if Self.versions.contains(version) {
                let file = Self.file(for: version)
                guard let document = try fixtures.document(at: file) else { return .missingFixture(file) }
                response = .json(document)
            } else {
                response = Self.versions.unsupported(version)
            }
        } else {
            response = Self.versions.missing
        }
        response.headers.append(("api-supported-versions", Self.versions.list))
        return response
    }
}
