import Foundation
import Testing
import HTTPClient
import HTTPTypes
import Loopback

@Suite("CurlTransport against a loopback server")
struct CurlTransportTests {
    private struct WeatherV2: Decodable, Equatable {
        var city: String
        var state: String
        var currentTemperature: Int
        var currentConditions: String
    }

    /// The current weather of the city the query names; only Boston's is known.
    private static let weather = LoopbackRoute { request, _ in
        guard request.queryValue("city") == "boston" else { return .error("unknown city", status: 404) }
        return .json(["city": "Boston", "state": "MA", "currentTemperature": 48, "currentConditions": "Cloudy"])
    }

    @Test func getReturnsStatusBodyHeadersAndMetrics() throws {
        let server = try LoopbackServer(routes: ["/weather/v2": Self.weather])
        let request = HTTPRequest(url: server.url("/weather/v2"), query: [FormField("city", "boston")])

        let response = try CurlTransport().send(request)

        #expect(response.status == 200)
        let weather = try response.decoded(WeatherV2.self)
        #expect(weather.city == "Boston" && weather.state == "MA")
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(response.url == server.url("/weather/v2?city=boston"))
        #expect(response.httpVersion == "1.1")
        #expect(response.metrics.total > 0)
        #expect(response.metrics.firstByte <= response.metrics.total)
        #expect(response.metrics.bytesReceived == response.body.count)
        #expect(!response.metrics.reusedConnection)
    }

    @Test(arguments: [404, 401, 500, 503])
    func errorStatusesAreResponsesNotErrors(status: Int) throws {
        let server = try LoopbackServer(routes: ["/status": .status])

        let response = try CurlTransport().send(HTTPRequest(url: server.url("/status/\(status)")))

        #expect(response.status == status)
        #expect(response.text.contains("status \(status)"))
    }

    @Test func jsonBodyAndCustomHeadersAreEchoedBack() throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])
        let json = #"{"name":"eye","count":3}"#
        let request = HTTPRequest(
            method: .post, url: server.url("/echo/json"),
            headers: ["X-Trace": "abc 123", "Authorization": "Bearer token"],
            body: .json(Data(json.utf8))
        )

        let echo = try CurlTransport().send(request).decoded(EchoReply.self)

        #expect(echo.method == "POST")
        #expect(echo.path == "/echo/json")
        #expect(echo.body == json)
        #expect(echo.headers["x-trace"] == "abc 123")
        #expect(echo.headers["authorization"] == "Bearer token")
        #expect(echo.headers["content-type"] == "application/json")
        #expect(echo.headers["user-agent"] == "apish/0.1")
    }

    @Test func formBodyArrivesDecodedAsTheSameFields() throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])
        let fields = [
            FormField("name", "eye"), FormField("home", "http://theeye.pe.kr"), FormField("도시", "서울"),
            FormField("math", "1+1=2 & more"),
        ]

        let echo = try CurlTransport().send(HTTPRequest(method: .post, url: server.url("/echo"), body: .form(fields)))
            .decoded(EchoReply.self)

        #expect(echo.body == FormEncoding.encode(fields))
        #expect(echo.headers["content-type"]?.hasPrefix("application/x-www-form-urlencoded") == true)
        #expect(echo.form == ["name": "eye", "home": "http://theeye.pe.kr", "도시": "서울", "math": "1+1=2 & more"])
    }

    @Test func queryItemsAreAppendedToAnExistingQuery() throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])
        let request = HTTPRequest(
            url: server.url("/echo/q?existing=1"), query: [FormField("q", "a b&c"), FormField("도시", "서울")]
        )

        let echo = try CurlTransport().send(request).decoded(EchoReply.self)

        #expect(echo.query == ["existing": "1", "q": "a b&c", "도시": "서울"])
    }

    @Test(arguments: [HTTPMethod.put, .patch, .delete])
    func otherMethodsAreSentAsGiven(method: HTTPMethod) throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])
        let body: HTTPBody = method == .delete ? .none : .raw(Data("plain".utf8), contentType: "text/plain")

        let echo = try CurlTransport().send(HTTPRequest(method: method, url: server.url("/echo/m"), body: body))
            .decoded(EchoReply.self)

        #expect(echo.method == method.rawValue)
        #expect(echo.body == (method == .delete ? "" : "plain"))
    }

    @Test func aBodilessPostIsNotLabelledAsAForm() throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])

        let echo = try CurlTransport().send(HTTPRequest(method: .post, url: server.url("/echo")))
            .decoded(EchoReply.self)

        #expect(echo.method == "POST")
        #expect(echo.headers["content-type"] == nil)
    }

    @Test func sequentialRequestsReuseOneConnection() throws {
        let server = try LoopbackServer(routes: ["/stock/v2": .json(["symbol": "MSFT", "currentPrice": 418.07])])
        let transport = CurlTransport()
        let request = HTTPRequest(url: server.url("/stock/v2"), query: [FormField("symbol", "MSFT")])

        let reused = try (0..<50).map { _ in
            let response = try transport.send(request)
            #expect(response.status == 200)
            return response.metrics.reusedConnection
        }

        #expect(reused.first == false)
        #expect(reused.dropFirst().allSatisfy { $0 })
    }
}

/// One transport reused for requests of different shapes: a plain GET after a plain GET keeps the
/// handle's options, anything else starts from a reset handle; each request must still go out as itself.
@Suite("CurlTransport reusing its handle")
struct CurlTransportReuseTests {
    @Test func requestsOfDifferentShapesInTurnGoOutAsThemselves() throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])
        let transport = CurlTransport()
        func echo(_ request: HTTPRequest) throws -> EchoReply {
            try transport.send(request).decoded(EchoReply.self)
        }

        let first = try echo(HTTPRequest(url: server.url("/echo/a"), query: [FormField("n", "1")]))
        let second = try echo(HTTPRequest(url: server.url("/echo/b"), headers: ["X-One": "1"]))
        let post = try echo(HTTPRequest(method: .post, url: server.url("/echo/c"), body: .json(Data(#"{"a":1}"#.utf8))))
        let afterPost = try echo(HTTPRequest(url: server.url("/echo/d")))
        let delete = try echo(HTTPRequest(method: .delete, url: server.url("/echo/e")))
        let again = try echo(HTTPRequest(url: server.url("/echo/d"), headers: ["X-Two": "2"]))
        let same = try echo(HTTPRequest(url: server.url("/echo/d"), headers: ["X-Two": "2"]))

        #expect(first.method == "GET" && first.path == "/echo/a" && first.query == ["n": "1"])
        #expect(second.method == "GET" && second.path == "/echo/b" && second.headers["x-one"] == "1")
        #expect(post.method == "POST" && post.body == #"{"a":1}"# && post.headers["content-type"] == "application/json")
        #expect(afterPost.method == "GET" && afterPost.body.isEmpty && afterPost.headers["content-type"] == nil)
        #expect(afterPost.headers["x-one"] == nil)
        #expect(delete.method == "DELETE")
        #expect(again.method == "GET" && again.headers["x-two"] == "2" && again.headers["x-one"] == nil)
        #expect(same.method == "GET" && same.headers["x-two"] == "2")
        #expect(same.headers["user-agent"] == "apish/0.1")
    }

    @Test func aPlainGetAfterAFailedOneStillWorks() throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])
        let transport = CurlTransport()
        #expect(throws: TransportError.self) { try transport.send(HTTPRequest(url: "http://127.0.0.1:1/nothing")) }
        let reply = try transport.send(HTTPRequest(url: server.url("/echo/x"))).decoded(EchoReply.self)
        #expect(reply.method == "GET" && reply.path == "/echo/x")
    }

    @Test func theSameURLAgainIsCheckedTheSameWay() throws {
        let transport = CurlTransport()
        for _ in 0..<2 {
            #expect(throws: TransportError.unsupportedScheme("ftp")) { try transport.send(HTTPRequest(url: "ftp://127.0.0.1/x")) }
        }
    }
}

/// What `/echo` reports about the request it received.
private struct EchoReply: Decodable {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
    var body: String
    var form: [String: String]?
}

private extension HTTPResponse {
    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: body)
    }
}
