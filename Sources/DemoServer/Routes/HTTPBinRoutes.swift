#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON
import HTTPServer

/// The httpbin routes an everyday HTTP client is tried against, answering as httpbin does:
///
/// - `GET /cookies` → `{"cookies":{…}}`, the cookies the request carried;
/// - `GET /cookies/set?NAME=VALUE…` and `/cookies/set/NAME/VALUE` set them (`Set-Cookie`, path `/`) and
///   redirect (302) to `/cookies`; `/cookies/delete?NAME…` expires them the same way;
/// - `GET /basic-auth/USER/PASSWORD` → 200 `{"authenticated":true,"user":USER}` for that Basic login, else
///   401 with a Basic challenge;
/// - `GET /digest-auth/auth/USER/PASSWORD` → the same for a Digest login (RFC 7616, MD5, `qop=auth`), else
///   401 with a fresh challenge;
/// - `GET /redirect/N` → 302 to `/redirect/N-1`, and `/redirect/1` to `/get`, which answers its query.
struct HTTPBinRoutes {
    let nonces: DigestNonces

    static let realm = "apish-demo"

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let segments = request.pathSegments
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        switch (segments.first, segments.count) {
        case ("cookies", 1): return ProbeAnswers.cookies(request)
        case ("cookies", 2) where segments[1] == "set": return setCookies(request.query, expired: false)
        case ("cookies", 4) where segments[1] == "set": return setCookies([(segments[2], segments[3])], expired: false)
        case ("cookies", 2) where segments[1] == "delete": return setCookies(request.query, expired: true)
        case ("basic-auth", 3): return basic(request, user: segments[1], password: segments[2])
        case ("digest-auth", 4): return digest(request, qop: segments[1], user: segments[2], password: segments[3])
        case ("redirect", 2): return redirect(segments[1])
        case ("get", 1): return get(request)
        default: return .noRoute(for: request)
        }
    }

    // MARK: Cookies

    private func setCookies(_ pairs: [(name: String, value: String)], expired: Bool) -> HTTPResponse {
        var response = HTTPResponse(status: 302, headers: [("Location", "/cookies")])
        for pair in pairs where Self.isToken(pair.name) && !pair.value.contains(where: { ";,\r\n".contains($0) }) {
            let value = expired ? "; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0" : ""
            response.headers.append(("Set-Cookie", "\(pair.name)=\(expired ? "" : pair.value)\(value); Path=/"))
        }
        return response
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains($0) }
    }

    // MARK: Basic

    private func basic(_ request: HTTPRequest, user: String, password: String) -> HTTPResponse {
        if let header = request.header("Authorization"), header.lowercased().hasPrefix("basic "),
           let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmedHTTPWhitespace),
           String(decoding: decoded, as: UTF8.self) == user + ":" + password {
            return authenticated(user)
        }
        var response = HTTPResponse.json(.object([("authenticated", .bool(false))]), status: 401)
        response.headers.append(("WWW-Authenticate", #"Basic realm="\#(Self.realm)""#))
        return response
    }

    private func authenticated(_ user: String) -> HTTPResponse {
        .json(.object([("authenticated", .bool(true)), ("user", .string(user))]))
    }

    // MARK: Digest

    private func digest(_ request: HTTPRequest, qop: String, user: String, password: String) -> HTTPResponse {
        guard qop == "auth" else {
            return .error("the demo answers Digest with qop=auth only, not '\(qop)'", status: 400)
        }
        if let header = request.header("Authorization"), header.lowercased().hasPrefix("digest "),
           DigestAnswer(header: String(header.dropFirst(7))).map({ answer in
               answer.isValid(method: request.method, target: request.target, user: user, password: password,
                              realm: Self.realm, issued: nonces.contains)
           }) == true {
            return authenticated(user)
        }
        let nonce = nonces.issue()
        var response = HTTPResponse.json(.object([("authenticated", .bool(false))]), status: 401)
        response.headers.append((
            "WWW-Authenticate",
            #"Digest realm="\#(Self.realm)", qop="auth", nonce="\#(nonce)", opaque="\#(MD5.hex(nonce + "opaque"))", algorithm=MD5"#))
        return response
    }

    // MARK: Redirects

    private func redirect(_ text: String) -> HTTPResponse {
        guard let count = Int(text), (1...20).contains(count) else {
            return .error("redirect takes 1–20 hops, not '\(text)'", status: 400)
        }
        return HTTPResponse(status: 302, headers: [("Location", count == 1 ? "/get" : "/redirect/\(count - 1)")])
    }

    private func get(_ request: HTTPRequest) -> HTTPResponse {
        .json(.object([("args", .object(request.query.map { ($0.name, JSONValue.string($0.value)) })), ("path", .string(request.target))]))
    }
}
