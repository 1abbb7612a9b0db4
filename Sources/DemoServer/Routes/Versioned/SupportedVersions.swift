import HTTPServer
/// The versions one version-negotiating demo service accepts, and its answers to a request that names
/// none of them: what a client gets from an API like GitHub's or Azure's when it leaves the version out.
struct SupportedVersions: Sendable {
    let values: [String]
    /// What a version travels in, for the error messages: `X-Demo-Api-Version header`.
    let carrier: String
    /// The status for a missing or unknown version: 400 for headers and queries, 406 for `Accept`.
    var status = 400

    /// `2024-01-01, 2025-06-01`.
    var list: String { values.joined(separator: ", ") }

    func contains(_ value: String) -> Bool {
        values.contains(value)
    }

    /// `{"error":"missing X-Demo-Api-Version header; supported: 2024-01-01, 2025-06-01","status":400}`.
    var missing: HTTPResponse {
        .error("missing \(carrier); supported: \(list)", status: status)
    }

    /// `{"error":"unsupported API version '2023-01-01'; supported: …","status":400}`; an absurdly long
    /// value is cut, so the answer stays one readable line.
    func unsupported(_ value: String, what: String = "API version") -> HTTPResponse {
        let shown = value.count > 80 ? value.prefix(80) + "…" : Substring(value)
        return .error("unsupported \(what) '\(shown)'; supported: \(list)", status: status)
    }
}
