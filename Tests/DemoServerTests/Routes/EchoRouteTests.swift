import Testing
@testable import DemoServer

@Suite("Echo")
struct EchoRouteTests {
    private struct Echo: Decodable {
        let method: String
        let path: String
        let query: [String: String]
        let headers: [String: String]
        let body: String
        let form: [String: String]?
        let json: Payload?
    }

    private struct Payload: Decodable {
        let name: String
        let tags: [String]
    }

    @Test func echoesAFormPost() throws {
        try withServer(faults: false) { server in
            let response = try fetch(server, "/echo/x?a=1&b=two+words", method: "POST",
                                     headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-Trace", "abc")],
                                     body: Array("name=eye&note=a%26b%3Dc".utf8))
            #expect(response.status == 200)
            let echo = try response.decode(Echo.self)
            #expect(echo.method == "POST")
            #expect(echo.path == "/echo/x")
            #expect(echo.query == ["a": "1", "b": "two words"])
            #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(echo.headers["x-trace"] == "abc")
            #expect(echo.body == "name=eye&note=a%26b%3Dc")
            #expect(echo.form == ["name": "eye", "note": "a&b=c"])
            #expect(echo.json == nil)
        }
    }

    @Test func echoesAJSONBody() throws {
        try withServer(faults: false) { server in
            let body = #"{"name":"Yujin \"Y\" Kim","tags":["a","ü"]}"#
            let echo = try fetch(server, "/echo", method: "PUT", headers: [("Content-Type", "application/json")],
                                 body: Array(body.utf8)).decode(Echo.self)
            #expect(echo.method == "PUT")
            #expect(echo.body == body)
            #expect(echo.json?.name == #"Yujin "Y" Kim"#)
            #expect(echo.json?.tags == ["a", "ü"])
            #expect(echo.form == nil)
        }
    }

    @Test func echoesTheJSONBodyAsReadKeepingNumberTextAndTheLastOfRepeatedKeys() throws {
        try withServer(faults: false) { server in
            let body = #"{"price": 530.10, "big": 12345678901234567890, "dup": 1, "dup": 2, "s": "\u2028\/"}"#
            let response = try fetch(server, "/echo", method: "POST", headers: [("Content-Type", "application/json")],
                                     body: Array(body.utf8))
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.hasSuffix(#","json":{"price":530.10,"big":12345678901234567890,"dup":2,"s":"\u2028/"}}"#), "\(text)")
        }
    }

    @Test func echoesAnyMethodWithoutABody() throws {
        try withServer(faults: false) { server in
            let echo = try fetch(server, "/echo", method: "DELETE").decode(Echo.self)
            #expect(echo.method == "DELETE")
            #expect(echo.body == "")
            #expect(echo.query.isEmpty)
        }
    }
}
