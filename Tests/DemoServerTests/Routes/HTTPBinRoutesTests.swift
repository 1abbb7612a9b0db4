import Foundation
import Testing
@testable import DemoServer
import HTTPServer

@Suite("httpbin routes and paging")
struct HTTPBinRoutesTests {
    @Test func setCookiesRedirectsToTheCookiesTheRequestCarries() throws {
        try withServer(faults: false) { server in
            let set = try fetch(server, "/cookies/set?theme=dark&lang=en")
            #expect(set.status == 302)
            #expect(set.header("Location") == "/cookies")
            #expect(set.headers.filter { $0.name == "Set-Cookie" }.map(\.value) == ["theme=dark; Path=/", "lang=en; Path=/"])
            let echoed = try fetch(server, "/cookies", headers: [("Cookie", "theme=dark; lang=en")])
            #expect(echoed.text == #"{"cookies":{"theme":"dark","lang":"en"}}"#)
            let deleted = try fetch(server, "/cookies/delete?theme")
            #expect(deleted.header("Set-Cookie")?.hasPrefix("theme=; Expires=Thu, 01 Jan 1970") == true)
        }
    }

    @Test func basicAuthAcceptsOnlyItsLogin() throws {
        try withServer(faults: false) { server in
            let good = "Basic " + Data("ada:s3cret".utf8).base64EncodedString()
            let bad = "Basic " + Data("ada:wrong".utf8).base64EncodedString()
            let accepted = try fetch(server, "/basic-auth/ada/s3cret", headers: [("Authorization", good)])
            #expect(accepted.text == #"{"authenticated":true,"user":"ada"}"#)
            let refused = try fetch(server, "/basic-auth/ada/s3cret", headers: [("Authorization", bad)])
            #expect(refused.status == 401)
            #expect(refused.header("WWW-Authenticate") == #"Basic realm="apish-demo""#)
        }
    }

    @Test func digestAuthChallengesThenAcceptsAnAnswerToItsNonce() throws {
        try withServer(faults: false) { server in
            // GIVEN the challenge
            let challenge = try fetch(server, "/digest-auth/auth/ada/s3cret")
            #expect(challenge.status == 401)
            let header = try #require(challenge.header("WWW-Authenticate"))
            #expect(header.hasPrefix("Digest "))
            let nonce = try #require(DigestAnswer(header: String(header.dropFirst(7)))?.parameters["nonce"])
            // WHEN answered as RFC 7616 says
            func answer(password: String, nonce: String) -> String {
                let first = MD5.hex("ada:apish-demo:\(password)"), second = MD5.hex("GET:/digest-auth/auth/ada/s3cret")
                let response = MD5.hex("\(first):\(nonce):00000001:abcdef:auth:\(second)")
                return #"Digest username="ada", realm="apish-demo", nonce="\#(nonce)", uri="/digest-auth/auth/ada/s3cret", "#
                    + #"qop=auth, nc=00000001, cnonce="abcdef", response="\#(response)", algorithm=MD5"#
            }
            // THEN the right password passes; a wrong one or an invented nonce is challenged again
            let path = "/digest-auth/auth/ada/s3cret"
            let right = try fetch(server, path, headers: [("Authorization", answer(password: "s3cret", nonce: nonce))])
            let wrong = try fetch(server, path, headers: [("Authorization", answer(password: "nope", nonce: nonce))])
            let invented = try fetch(server, path, headers: [("Authorization", answer(password: "s3cret", nonce: "feed"))])
            #expect(right.status == 200)
            #expect(wrong.status == 401)
            #expect(invented.status == 401)
        }
    }

    @Test func redirectCountsDownToGet() throws {
        try withServer(faults: false) { server in
            let two = try fetch(server, "/redirect/2"), one = try fetch(server, "/redirect/1"), get = try fetch(server, "/get?a=1")
            #expect(two.header("Location") == "/redirect/1")
            #expect(one.header("Location") == "/get")
            #expect(get.text == #"{"args":{"a":"1"},"path":"/get?a=1"}"#)
        }
    }

    @Test func linkPagingNamesEveryNeighbour() throws {
        try withServer(faults: false) { server in
            let second = try fetch(server, "/paged/link?page=2")
            #expect(second.text == #"{"page":2,"items":["item 4","item 5","item 6"]}"#)
            let base = server.baseURL
            #expect(second.header("Link") == #"<\#(base)/paged/link?page=1>; rel="first"; title="page 1, the first", "#
                + #"<\#(base)/paged/link?page=1>; rel=prev, </paged/link?page=3>; rel="next", <\#(base)/paged/link?page=3>; rel="last""#)
            let third = try fetch(server, "/paged/link?page=3"), beyond = try fetch(server, "/paged/link?page=4")
            #expect(third.header("Link")?.contains(#"rel="next""#) == false)
            #expect(beyond.status == 400)
        }
    }

    @Test func bodyPagingEndsWithANullNextPage() throws {
        try withServer(faults: false) { server in
            let first = try fetch(server, "/paged/body"), last = try fetch(server, "/paged/body?page=3")
            #expect(first.text == #"{"page":1,"items":["item 1","item 2","item 3"],"next_page_uri":"/paged/body?page=2"}"#)
            #expect(last.text == #"{"page":3,"items":["item 7"],"next_page_uri":null}"#)
        }
    }
}
