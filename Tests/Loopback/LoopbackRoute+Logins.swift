import Foundation
import JSON
import HTTPServer

/// Cookies and logins, answering as httpbin does (`/cookies`, `/cookies/set`, `/basic-auth`, `/digest-auth`).
extension LoopbackRoute {
    /// `{"cookies":{NAME:VALUE,…}}`: the cookies the request carried, the first of a repeated name.
    package static var cookies: LoopbackRoute {
        LoopbackRoute { request, _ in ProbeAnswers.cookies(request) }
    }

    /// `?NAME=VALUE…`: sets each as a cookie (`Set-Cookie: NAME=VALUE; Path=/`) and redirects (302) to
    /// `location`. A pair that cannot be one cookie (a separator in it) is left out.
    package static func setCookies(redirectingTo location: String) -> LoopbackRoute {
        LoopbackRoute { request, _ in
            var response = HTTPResponse(status: 302, headers: [("Location", location)])
            for pair in request.query where !pair.name.isEmpty && !pair.name.contains(where: { "=; \t".contains($0) })
                && !(pair.name + pair.value).contains(where: { ";,\r\n".contains($0) }) {
                response.headers.append(("Set-Cookie", "\(pair.name)=\(pair.value); Path=/"))
            }
            return response
        }
    }

    /// 200 `{"authenticated":true,"user":USER}` for a Basic login as `user` with `password`, else 401
    /// `{"authenticated":false}` with a Basic challenge.
    package static func basicLogin(user: String, password: String) -> LoopbackRoute {
        LoopbackRoute { request, _ in
            if let header = request.header("Authorization"), header.lowercased().hasPrefix("basic "),
               let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmedHTTPWhitespace),
               String(decoding: decoded, as: UTF8.self) == user + ":" + password {
                return authenticated(user)
            }
            return refused(challenge: #"Basic realm="\#(realm)""#)
        }
    }

    /// The same for a Digest login (RFC 7616, MD5, `qop=auth`): the answer must be to a nonce this route
    /// issued, for the request's own method and target; a refusal carries a fresh challenge.
    package static func digestLogin(user: String, password: String) -> LoopbackRoute {
        let nonces = DigestNonces()
        return LoopbackRoute { request, _ in
            if let header = request.header("Authorization"), header.lowercased().hasPrefix("digest "),
               let answer = DigestAnswer(header: String(header.dropFirst(7))),
               answer.isValid(method: request.method, target: request.target, user: user, password: password,
                              realm: realm, issued: nonces.contains) {
                return authenticated(user)
            }
            let nonce = nonces.issue()
            let opaque = MD5.hex(nonce + "opaque")
            return refused(challenge: #"Digest realm="\#(realm)", qop="auth", nonce="\#(nonce)", opaque="\#(opaque)", algorithm=MD5"#)
        }
    }

    private static let realm = "loopback"

    private static func authenticated(_ user: String) -> HTTPResponse {
        .json(["authenticated": true, "user": .string(user)])
    }

    private static func refused(challenge: String) -> HTTPResponse {
        var response = HTTPResponse.json(["authenticated": false], status: 401)
        response.headers.append(("WWW-Authenticate", challenge))
        return response
    }
}
