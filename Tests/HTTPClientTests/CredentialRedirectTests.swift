import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes
import FoundationFree
import Loopback

/// Credentials never follow a redirect out of their scope, and dot segments do not get them past the
/// check. A loopback server's echo route shows what really arrived; its redirects start under `/api`.
@Suite struct CredentialRedirectTests {
    private static let credentials: HTTPHeaders = [
        "Authorization": "Bearer tok-123456",
        "X-Api-Key": "key-123456",
        "Cookie": "sid=cookie-123456",
        "X-Session-Token": "session-123456",
        "X-Trace": "trace-1",
    ]
    private static let credentialNames = ["authorization", "x-api-key", "cookie", "x-session-token"]
    /// A redirect anywhere (`/api/redirect-to?url=…&status=…`) and the echo of what arrived (`/echo`).
    private static let redirectAndEcho: [String: LoopbackRoute] = ["/api/redirect-to": .redirect, "/echo": .echo]

    /// The request headers the echo route saw, lower-cased names.
    private func echoedHeaders(_ response: HTTPResponse) throws -> [String: String] {
        let body = try JSONValue.parse(response.body)
        guard case .object(let headers)? = body["headers"] else { return [:] }
        var result: [String: String] = [:]
        for (name, value) in headers { result[name] = value.stringValue }
        return result
    }

    private func redirect(_ server: LoopbackServer, to target: String, status: Int = 302) -> String {
        server.url("/api/redirect-to?status=\(status)&url=" + PercentEncoding.encode(target))
    }

    private func scoped(to scope: String?) -> [String: String] {
        guard let scope else { return [:] }
        return Dictionary(uniqueKeysWithValues: Self.credentialNames.map { ($0, scope) })
    }

    @Test(arguments: [nil, "ORIGIN"])
    func aCrossHostRedirectCarriesNoCredential(_ scope: String?) throws {
        // GIVEN credentials, unscoped or scoped to the origin, and a redirect from 127.0.0.1 to localhost
        let server = try LoopbackServer(routes: Self.redirectAndEcho)
        let target = "http://localhost:\(server.port)/echo"
        let request = HTTPRequest(url: redirect(server, to: target), headers: Self.credentials,
                                  credentialScopes: scoped(to: scope.map { _ in server.baseURL }))

        // WHEN it is followed
        let response = try CurlTransport().send(request)

        // THEN it arrived at localhost without any credential, the harmless header still there
        #expect(response.finalURL == target)
        #expect(response.metrics.redirects == 1)
        let arrived = try echoedHeaders(response)
        for name in Self.credentialNames { #expect(arrived[name] == nil, "\(name) crossed to another host") }
        #expect(arrived["x-trace"] == "trace-1")
    }

    @Test func aCrossPortRedirectCarriesNoCredential() throws {
        // GIVEN two servers on two ports of the same host
        let server = try LoopbackServer(routes: ["/api/redirect-to": .redirect]), other = try LoopbackServer(routes: ["/echo": .echo])
        let request = HTTPRequest(url: redirect(server, to: other.url("/echo")), headers: Self.credentials)

        // WHEN a redirect leads from one to the other
        let response = try CurlTransport().send(request)

        // THEN no credential arrived at the other port
        let arrived = try echoedHeaders(response)
        for name in Self.credentialNames { #expect(arrived[name] == nil, "\(name) crossed to another port") }
        #expect(arrived["x-trace"] == "trace-1")
    }

    @Test func aSameHostRedirectOutOfTheScopePathCarriesNoCredential() throws {
        // GIVEN credentials scoped to the service path /api
        let server = try LoopbackServer(routes: Self.redirectAndEcho)
        let request = HTTPRequest(url: redirect(server, to: "/echo"), headers: Self.credentials,
                                  credentialScopes: scoped(to: server.url("/api")))

        // WHEN the server redirects to /echo on the same origin
        let response = try CurlTransport().send(request)

        // THEN the scoped credentials stayed behind
        #expect(response.finalURL == server.url("/echo"))
        let arrived = try echoedHeaders(response)
        for name in Self.credentialNames { #expect(arrived[name] == nil, "\(name) left its scope") }
        #expect(arrived["x-trace"] == "trace-1")
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func anInScopeRedirectCarriesTheCredentials(_ status: Int) throws {
        // GIVEN credentials scoped to the whole origin / WHEN redirected within it
        let server = try LoopbackServer(routes: Self.redirectAndEcho)
        let request = HTTPRequest(url: redirect(server, to: "/echo", status: status), headers: Self.credentials,
                                  credentialScopes: scoped(to: server.baseURL))
        let response = try CurlTransport().send(request)

        // THEN every credential arrived
        let arrived = try echoedHeaders(response)
        #expect(arrived["authorization"] == "Bearer tok-123456")
        #expect(arrived["x-api-key"] == "key-123456")
        #expect(arrived["cookie"] == "sid=cookie-123456")
        #expect(arrived["x-session-token"] == "session-123456")
    }

    @Test(arguments: ["/api/../echo", "/api/%2e%2e/echo", "/api/.%2E/echo"])
    func dotSegmentsDoNotEscapeTheScope(_ path: String) throws {
        // GIVEN credentials scoped to /api and a URL that climbs out of it with dot segments
        let server = try LoopbackServer(routes: ["/echo": .echo])
        let request = HTTPRequest(url: server.baseURL + path, headers: Self.credentials,
                                  credentialScopes: scoped(to: server.url("/api")))

        // WHEN sent
        let response = try CurlTransport().send(request)

        // THEN the URL went as written (the URL shown is the URL sent), and it got no credential: the scope
        // was checked on the normalised URL, where a server that resolves the dots lands
        #expect(response.url == server.baseURL + path)
        let arrived = try echoedHeaders(response)
        for name in Self.credentialNames { #expect(arrived[name] == nil, "\(name) escaped through \(path)") }
    }

    @Test func seeOtherTurnsAPostIntoABodilessGetAndTemporaryKeepsIt() throws {
        let server = try LoopbackServer(routes: Self.redirectAndEcho)
        let body = HTTPBody.form([FormField(name: "a", value: "1")])

        let seeOther = try CurlTransport().send(HTTPRequest(method: .post, url: redirect(server, to: "/echo", status: 303), body: body))
        let temporary = try CurlTransport().send(HTTPRequest(method: .post, url: redirect(server, to: "/echo", status: 307), body: body))

        let afterSeeOther = try JSONValue.parse(seeOther.body)
        #expect(afterSeeOther["method"]?.stringValue == "GET")
        #expect(afterSeeOther["body"]?.stringValue == "")
        let afterTemporary = try JSONValue.parse(temporary.body)
        #expect(afterTemporary["method"]?.stringValue == "POST")
        #expect(afterTemporary["body"]?.stringValue == "a=1")
    }

    @Test(arguments: ["file:///etc/passwd", "dict://127.0.0.1:2628/d:x", "gopher://127.0.0.1/x"])
    func redirectsToOtherSchemesAreRefused(_ target: String) throws {
        let server = try LoopbackServer(routes: ["/api/redirect-to": .redirect])
        let scheme = String(target.prefix { $0 != ":" })

        #expect(throws: TransportError.redirectRefused(scheme: scheme)) {
            try CurlTransport().send(HTTPRequest(url: redirect(server, to: target)))
        }
        #expect(TransportError.redirectRefused(scheme: "file").description == "redirect to a file:// URL refused")
    }

    @Test(arguments: [307, 308])
    func aRequestConfinedToItsScopeFollowsNoRedirectOutOfIt(_ status: Int) throws {
        // GIVEN a POST whose body may only travel inside /api (as an OAuth 2 token request's secret)
        let server = try LoopbackServer(routes: ["/api/redirect-to": .redirect, "/api/echo": .echo, "/echo": .echo])
        let other = try RecordingServer()
        defer { other.stop() }
        func confined(to target: String) -> HTTPRequest {
            var request = HTTPRequest(method: .post, url: redirect(server, to: target, status: status),
                                      body: .form([FormField("client_secret", "Sx9-secret")]))
            request.redirectScope = server.url("/api")
            return request
        }

        // WHEN redirected to another port / THEN refused, and nothing reached it
        #expect(throws: TransportError.redirectLeavesScope(location: other.url("/token"), scope: server.url("/api"))) {
            try CurlTransport().send(confined(to: other.url("/token")))
        }
        #expect(other.connectionCount == 0)
        // and out of the scope on the same origin, refused too
        #expect(throws: TransportError.redirectLeavesScope(location: server.url("/echo"), scope: server.url("/api"))) {
            try CurlTransport().send(confined(to: "/echo"))
        }
        // while a redirect inside the scope is followed, body and all
        let inside = try CurlTransport().send(confined(to: "/api/echo"))
        #expect(inside.status == 200 && inside.finalURL == server.url("/api/echo"))
        #expect(TransportError.redirectLeavesScope(location: "http://b/t", scope: "http://a/t").description
            == "redirect to http://b/t refused: this request goes only to http://a/t")
    }

    @Test func theWholeTimeOfEveryHopIsReported() throws {
        // GIVEN a redirect to a route that takes 100 ms / WHEN followed
        let server = try LoopbackServer(routes: ["/api/redirect-to": .redirect, "/delay": .delay])
        let response = try CurlTransport().send(HTTPRequest(url: redirect(server, to: "/delay/100")))

        // THEN the total covers both hops and the phases still only grow
        #expect(response.metrics.redirects == 1)
        #expect(response.metrics.total >= response.metrics.firstByte)
        #expect(response.metrics.firstByte > 0)
    }
}

/// `scopeCredentialHeaders(to:)` scopes what the facade's `header` command set, and the first hop is
/// checked too: a request sent outside a header's scope goes without it.
@Suite struct CredentialScopeFirstHopTests {
    @Test func credentialHeadersScopedToAServiceStayOffOtherPaths() throws {
        // GIVEN headers set for every request, scoped to the service /weather
        let server = try LoopbackServer(routes: ["/echo": .echo])
        var request = HTTPRequest(url: server.url("/echo"), headers: ["X-Api-Key": "k-999999", "Cookie": "c=999999", "Accept": "*/*"])
        request.scopeCredentialHeaders(to: server.url("/weather"))
        #expect(request.credentialScopes == ["x-api-key": server.url("/weather"), "cookie": server.url("/weather")])

        // WHEN sent to /echo, outside that scope
        let response = try CurlTransport().send(request)

        // THEN the credentials stayed home and the ordinary header went
        let body = try JSONValue.parse(response.body)
        #expect(body["headers"]?["x-api-key"] == nil)
        #expect(body["headers"]?["cookie"] == nil)
        #expect(body["headers"]?["accept"]?.stringValue == "*/*")
    }
}
