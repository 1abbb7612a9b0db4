import JSON
import HTTPServer

/// The twit API: `GET /twit-api/twit`, `GET /twit-api/user`, `POST /twit-api/like/:id` (bearer token
/// required), every answer in the `{status, success, message, data}` envelope. The same code serves the
/// "lite" server under `/twit-lite/`, whose data is leaner (writers and the user are only a name), with
/// likes of its own.
package struct TwitAPI {
    /// The fixture files one twit server reads.
    struct Files: Sendable {
        let twits: String
        let user: String

        static let full = Files(twits: "twit-api/twits.json", user: "twit-api/user.json")
        static let lite = Files(twits: "twit-lite/twits.json", user: "twit-lite/user.json")
    }

    let fixtures: FixtureStore
    let likes: TwitLikeLedger
    var files = Files.full

    func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        let segments = request.pathSegments.dropFirst()
        switch (segments.first, segments.count) {
        case ("twit", 1):
            guard request.isRead else { return methodNotAllowed(request, allow: "GET, HEAD") }
            guard let twits = try fixtures.document(at: files.twits)?.arrayValue else { return .missingFixture(files.twits) }
            return envelope(200, "twit list", data: .array(twits.map(likes.applied)))
        case ("user", 1):
            guard request.isRead else { return methodNotAllowed(request, allow: "GET, HEAD") }
            guard let user = try fixtures.document(at: files.user) else { return .missingFixture(files.user) }
            return envelope(200, "user profile", data: user)
        case ("like", 2):
            guard request.method == "POST" else { return methodNotAllowed(request, allow: "POST") }
            return try like(id: segments.last ?? "", request: request)
        default:
            return nil
        }
    }

    private func like(id: String, request: HTTPRequest) throws -> HTTPResponse {
        guard Self.hasBearerToken(request) else {
            var response = envelope(401, "missing bearer token", data: .null)
            response.headers.append(("WWW-Authenticate", "Bearer"))
            return response
        }
        guard let twits = try fixtures.document(at: files.twits)?.arrayValue else { return .missingFixture(files.twits) }
        guard let original = twits.first(where: { $0["_id"]?.stringValue == id }) else {
            return envelope(404, "no twit with id '\(id)'", data: .null)
        }
        let twit = likes.toggle(id) ? TwitLikeLedger.flipped(original) : original
        let isLike = twit["isLike"]?.boolValue ?? false
        return envelope(200, isLike ? "twit liked" : "like removed", data: .object([
            ("_id", .string(id)),
            ("isLike", .bool(isLike)),
            ("likeCount", twit["likeCount"] ?? .int(0)),
        ]))
    }

    /// `Authorization: Bearer <token>` with any non-empty token; the scheme is case-insensitive.
    private static func hasBearerToken(_ request: HTTPRequest) -> Bool {
        guard let value = request.header("Authorization") else { return false }
        let parts = value.split(separator: " ", maxSplits: 1)
        return parts.count == 2 && parts[0].lowercased() == "bearer" && !parts[1].trimmedHTTPWhitespace.isEmpty
    }

    private func methodNotAllowed(_ request: HTTPRequest, allow: String) -> HTTPResponse {
        var response = envelope(405, "method \(request.method) not allowed for \(request.path)", data: .null)
        response.headers.append(("Allow", allow))
        return response
    }

    private func envelope(_ status: Int, _ message: String, data: JSONValue) -> HTTPResponse {
        .json(.object([
            ("status", .int(status)),
            ("success", .bool((200..<300).contains(status))),
            ("message", .string(message)),
            ("data", data),
        ]), status: status)
    }
}
