#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON
import Synchronization
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
        case ("cookies", 1): return cookies(request)
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

    private func cookies(_ request: HTTPRequest) -> HTTPResponse {
        var members: [(String, JSONValue)] = []
        for field in request.headers where field.name.lowercased() == "cookie" {
            for pair in field.value.split(separator: ";") {
                let text = pair.trimmedHTTPWhitespace
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { continue }
                let name = String(text[..<equals])
                guard !members.contains(where: { $0.0 == name }) else { continue }
                members.append((name, .string(String(text[text.index(after: equals)...]))))
            }
        }
        return .json(.object([("cookies", .object(members))]))
    }

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

/// The nonces the `/digest-auth` route has handed out (the last 256), so an answer to an invented
/// nonce is refused.
final class DigestNonces: Sendable {
    private let issued = Mutex<[String]>([])
    private static let kept = 256

    func issue() -> String {
        var generator = SystemRandomNumberGenerator()
        let nonce = MD5.hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        issued.withLock { nonces in
            nonces.append(nonce)
            if nonces.count > Self.kept { nonces.removeFirst(nonces.count - Self.kept) }
        }
        return nonce
    }

    func contains(_ nonce: String) -> Bool {
        issued.withLock { $0.contains(nonce) }
    }
}

/// The parameters of an `Authorization: Digest …` answer (RFC 7616 §3.4).
struct DigestAnswer {
    var parameters: [String: String] = [:]

    /// Nil when the header is not a list of `name=value` / `name="value"` pairs.
    init?(header: String) {
        var scalars = Substring(header)
        while true {
            scalars = scalars.drop { $0 == " " || $0 == "," || $0 == "\t" }
            guard !scalars.isEmpty else { break }
            guard let equals = scalars.firstIndex(of: "=") else { return nil }
            let name = scalars[..<equals].trimmedHTTPWhitespace.lowercased()
            scalars = scalars[scalars.index(after: equals)...]
            var value = ""
            if scalars.first == "\"" {
                scalars = scalars.dropFirst()
                var escaped = false
                var end = scalars.endIndex
                for index in scalars.indices {
                    let character = scalars[index]
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        end = index
                        break
                    } else {
                        value.append(character)
                    }
                }
                guard end != scalars.endIndex else { return nil }
                scalars = scalars[scalars.index(after: end)...]
            } else {
                let end = scalars.firstIndex(of: ",") ?? scalars.endIndex
                value = scalars[..<end].trimmedHTTPWhitespace
                scalars = scalars[end...]
            }
            parameters[name] = value
        }
    }

    /// RFC 7616 §3.4.1 with MD5 and `qop=auth`: response = H(H(user:realm:password):nonce:nc:cnonce:qop:H(method:uri)).
    func isValid(method: String, target: String, user: String, password: String, realm: String,
                 issued: (String) -> Bool) -> Bool {
        guard parameters["username"] == user, parameters["realm"] == realm, parameters["uri"] == target,
              parameters["qop"] == "auth", (parameters["algorithm"] ?? "MD5").uppercased() == "MD5",
              let nonce = parameters["nonce"], issued(nonce), let count = parameters["nc"],
              let clientNonce = parameters["cnonce"], let response = parameters["response"]
        else { return false }
        let first = MD5.hex("\(user):\(realm):\(password)")
        let second = MD5.hex("\(method):\(target)")
        return MD5.hex("\(first):\(nonce):\(count):\(clientNonce):auth:\(second)") == response.lowercased()
    }
}
