import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes
import Loopback

/// The cookie jar and Basic/Digest logins on the real libcurl transport, against a loopback server that
/// answers as httpbin does.
@Suite struct CookieAndLoginTransportTests {
    /// `/cookies/set?NAME=VALUE` sets cookies and redirects to `/cookies`, which answers those the request carried.
    private static let cookies: [String: LoopbackRoute] = ["/cookies/set": .setCookies(redirectingTo: "/cookies"), "/cookies": .cookies]

    @Test func aCookieSetByARedirectHopGoesWithTheNextHopAndStaysInTheJar() throws {
        // GIVEN a route that sets a cookie and redirects to the route that echoes cookies
        let server = try LoopbackServer(routes: Self.cookies)
        let transport = CurlTransport()
        // WHEN it is followed
        let response = try transport.send(HTTPRequest(url: server.url("/cookies/set?theme=dark")))
        // THEN the second hop carried the cookie, the hop is recorded with its Location, and the jar holds it
        #expect(response.text == #"{"cookies":{"theme":"dark"}}"#)
        #expect(response.redirects.map(\.status) == [302])
        #expect(response.redirects.first?.location == "/cookies")
        #expect(response.redirects.first?.url == server.url("/cookies/set?theme=dark"))
        let jar = transport.cookieJar().compactMap(HTTPCookie.init(netscapeLine:))
        #expect(jar.map(\.name) == ["theme"])
        #expect(jar.first?.domain == "127.0.0.1")
        // and later requests to the same host send it
        #expect(try transport.send(HTTPRequest(url: server.url("/cookies"))).text == #"{"cookies":{"theme":"dark"}}"#)
    }

    @Test func aCookieIsNeverSentToAnotherHost() throws {
        let server = try LoopbackServer(routes: Self.cookies)
        let transport = CurlTransport()
        _ = try transport.send(HTTPRequest(url: server.url("/cookies/set?theme=dark")))
        // localhost is another host than 127.0.0.1, though the same server
        let other = try transport.send(HTTPRequest(url: "http://localhost:\(server.port)/cookies"))
        #expect(other.text == #"{"cookies":{}}"#)
    }

    @Test func theJarClearsAndRestores() throws {
        let server = try LoopbackServer(routes: Self.cookies)
        let transport = CurlTransport()
        _ = try transport.send(HTTPRequest(url: server.url("/cookies/set?a=1&b=2")))
        let saved = transport.cookieJar()
        #expect(saved.count == 2)
        transport.clearCookies()
        #expect(transport.cookieJar().isEmpty)
        #expect(try transport.send(HTTPRequest(url: server.url("/cookies"))).text == #"{"cookies":{}}"#)
        // WHEN the saved lines go into a fresh transport
        let fresh = CurlTransport()
        fresh.restoreCookieJar(saved)
        #expect(fresh.cookieJar() == saved)
        // THEN it sends them (in an order of libcurl's choosing)
        let echoed = try JSONValue.parse(try fresh.send(HTTPRequest(url: server.url("/cookies"))).body)
        #expect(echoed["cookies"]?["a"] == .string("1"))
        #expect(echoed["cookies"]?["b"] == .string("2"))
    }

    @Test(arguments: [HTTPLogin.Scheme.basic, .digest])
    func aLoginInScopeAuthenticates(_ scheme: HTTPLogin.Scheme) throws {
        let (path, route): (String, LoopbackRoute) = scheme == .basic
            ? ("/basic-auth", .basicLogin(user: "ada", password: "s3cret"))
            : ("/digest-auth", .digestLogin(user: "ada", password: "s3cret"))
        let server = try LoopbackServer(routes: [path: route])
        var request = HTTPRequest(url: server.url(path))
        request.login = HTTPLogin(user: "ada", password: "s3cret", scheme: scheme, scope: server.baseURL)
        let response = try CurlTransport().send(request)
        #expect(response.status == 200)
        #expect(response.text == #"{"authenticated":true,"user":"ada"}"#)
        // and a wrong password is refused
        request.login?.password = "wrong"
        #expect(try CurlTransport().send(request).status == 401)
    }

    @Test func aLoginOutOfScopeIsNotSent() throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])
        var request = HTTPRequest(url: server.url("/echo"))
        request.login = HTTPLogin(user: "ada", password: "s3cret", scheme: .basic, scope: server.url("/basic-auth"))
        let response = try CurlTransport().send(request)
        #expect(!response.text.lowercased().contains("authorization"), "\(response.text)")
    }

    @Test func aLoginDoesNotFollowARedirectOutOfItsScope() throws {
        // GIVEN a Basic login for 127.0.0.1 and a redirect to localhost (another origin)
        let server = try LoopbackServer(routes: ["/redirect-to": .redirect, "/echo": .echo])
        let target = "http://localhost:\(server.port)/echo"
        var request = HTTPRequest(url: server.url("/redirect-to?url=" + target))
        request.login = HTTPLogin(user: "ada", password: "s3cret", scheme: .basic, scope: server.baseURL)
        // WHEN it is followed
        let transport = CurlTransport()
        let response = try transport.send(request)
        // THEN the second hop went without it, and so does a plain request on the same handle afterwards
        #expect(response.finalURL == target)
        #expect(!response.text.lowercased().contains("authorization"), "\(response.text)")
        let after = try transport.send(HTTPRequest(url: server.url("/echo")))
        #expect(!after.text.lowercased().contains("authorization"))
    }
}
