@testable import DemoAPIs
import TestSupport
import Loopback
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// Real responses from the demo server's routes and fault routes, classified through `ServiceFacade`.
@Suite struct OutcomeClassificationTests {
    private func get(_ url: String, through facade: ServiceFacade) throws -> Exchange {
        try facade.requests.send(RawRequest(method: .get, target: url, items: []))
    }

    @Test func okIsSuccess() throws {
        // GIVEN a live server / WHEN a route answers 200 / THEN success with the body as JSON
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/weather/v2?city=Boston"), through: try server.facade())
        #expect(exchange.outcome == .success(status: 200))
        #expect(exchange.status == 200)
        #expect(exchange.body?["city"]?.stringValue == "Boston")
    }

    @Test func createdIsSuccess() throws {
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/faults/status/201"), through: try server.facade())
        #expect(exchange.outcome == .success(status: 201))
        #expect(exchange.outcome.isSuccess)
    }

    @Test func likeWithoutAuthIsARequestErrorWithTheEnvelopeMessage() throws {
        // GIVEN no bearer token / WHEN a twit is liked / THEN 401 with the envelope's message
        let server = try LiveDemoServer()
        let exchange = try server.facade().like("t01")
        #expect(exchange.outcome == .requestError(status: 401, message: "missing bearer token"))
        #expect(exchange.outcome.description == "request error: HTTP 401 Unauthorized: missing bearer token")
        #expect(exchange.model == nil)
        #expect(exchange.body?["success"]?.boolValue == false)
    }

    @Test func statusWithoutAReasonPhraseHasNoStraySpace() throws {
        // GIVEN a status no reason phrase is known for / WHEN the server answers it / THEN "HTTP 418: …"
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/faults/status/418"), through: try server.facade())
        #expect(exchange.outcome.description == "request error: HTTP 418: fault status 418")
        #expect(Outcome.requestError(status: 499, message: nil).description == "request error: HTTP 499")
        #expect(Outcome.serverError(status: 599, message: "m").description == "server error: HTTP 599: m")
        #expect(Outcome.serverError(status: 503, message: nil).description == "server error: HTTP 503 Service Unavailable")
        #expect(HTTPStatusText.line(404) == "HTTP 404 Not Found")
        #expect(HTTPStatusText.line(299) == "HTTP 299")
    }

    @Test func notFoundIsARequestError() throws {
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/faults/status/404"), through: try server.facade())
        #expect(exchange.outcome == .requestError(status: 404, message: "fault status 404"))
    }

    @Test func notFoundWithoutABodyHasNoMessage() throws {
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/faults/status/404?body=none"), through: try server.facade())
        #expect(exchange.outcome == .requestError(status: 404, message: nil))
    }

    @Test func unknownCityIsARequestErrorNamingTheCity() throws {
        // GIVEN weather in use / WHEN refreshed for a city the server does not know / THEN 404 saying so
        let server = try LiveDemoServer()
        let exchange = try server.facade().requests.refresh("weather", query: [FormField("city", "Xyz")])
        #expect(exchange.outcome.kind == .requestError)
        #expect(exchange.status == 404)
        let message = try #require(exchange.errorMessage)
        #expect(message.hasPrefix("unknown city"))
        #expect(message.contains("Xyz"))
    }

    @Test(arguments: [500, 503])
    func serverStatusesAreServerErrors(status: Int) throws {
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/faults/status/\(status)"), through: try server.facade())
        #expect(exchange.outcome == .serverError(status: status, message: "fault status \(status)"))
        #expect(exchange.outcome.description.hasPrefix("server error: HTTP \(status)"))
    }

    @Test func refusedPortIsANetworkFailure() throws {
        // GIVEN a port nothing listens on / WHEN requested / THEN network failure, no response
        let server = try LiveDemoServer()
        let port = try #require(ClosedPort.make())
        let exchange = try get("http://127.0.0.1:\(port)/x", through: try server.facade())
        guard case .networkFailure(let reason) = exchange.outcome else {
            Issue.record("expected a network failure, got \(exchange.outcome)")
            return
        }
        #expect(reason.contains("refused"))
        #expect(exchange.response == nil)
        #expect(exchange.status == nil)
    }

    @Test func timeoutIsANetworkFailureMentioningTheTime() throws {
        // GIVEN a transport with a 300 ms limit and a route that answers after a minute
        let server = try LiveDemoServer()
        let facade = try server.facade(configuration: TransportConfiguration(totalTimeout: 300))
        let started = Date()

        // WHEN requested
        let exchange = try get(server.url("/faults/delay/60000"), through: facade)

        // THEN it gives up well before the answer comes, saying after how long
        guard case .networkFailure(let reason) = exchange.outcome else {
            Issue.record("expected a network failure, got \(exchange.outcome)")
            return
        }
        #expect(reason.contains("timed out"))
        #expect(reason.contains("300 ms"))
        #expect(Date().timeIntervalSince(started) < 30, "a generous bound, well under the minute")
    }

    @Test func resetMidBodyIsANetworkFailure() throws {
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/faults/reset"), through: try server.facade())
        #expect(exchange.outcome.kind == .networkFailure)
        #expect(exchange.response == nil)
    }

    @Test func hugeBodyIsANetworkFailureSayingLargerThan() throws {
        // GIVEN the default 64 MiB cap / WHEN a 100 MiB body comes / THEN refused as too large
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/faults/huge/100"), through: try server.facade())
        guard case .networkFailure(let reason) = exchange.outcome else {
            Issue.record("expected a network failure, got \(exchange.outcome)")
            return
        }
        #expect(reason.contains("larger than 64 MiB"))
    }

    @Test func redirectLoopIsANetworkFailure() throws {
        let server = try LiveDemoServer()
        let exchange = try get(server.url("/faults/redirect-loop"), through: try server.facade())
        guard case .networkFailure(let reason) = exchange.outcome else {
            Issue.record("expected a network failure, got \(exchange.outcome)")
            return
        }
        #expect(reason.contains("redirects"))
    }

    // MARK: Typed models meeting bad bodies (a --root style locator pointing at fault routes)

    /// A facade whose locator file names fault routes of `server` as versions of real services.
    private func facade(_ server: LiveDemoServer, _ entries: [String], folder: ScratchDirectory) throws -> ServiceFacade {
        let path = try folder.write("services.json", LocatorText.document(entries))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        return facade
    }

    @Test func truncatedJSONOnATypedModelIsADecodeError() throws {
        // GIVEN weather v2 served by a route that cuts its JSON short
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("weather", "2", server.url("/faults/truncated"))], folder: folder)

        // WHEN refreshed / THEN 200 but undecodable, said to be invalid JSON
        let exchange = try facade.requests.refresh("weather")
        let failure = try #require(exchange.decodeFailure, "got \(exchange.outcome)")
        #expect(exchange.status == 200)
        #expect(failure.found.contains("invalid JSON"))
        #expect(exchange.model == nil)
    }

    @Test func htmlOnATypedModelIsADecodeErrorSayingTextHTML() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("stockQuote", "1", server.url("/faults/html"))], folder: folder)
        let exchange = try facade.requests.refresh("stockquote")
        let failure = try #require(exchange.decodeFailure, "got \(exchange.outcome)")
        #expect(failure.description.contains("text/html"))
        #expect(exchange.outcome.description.hasPrefix("decode error: "))
    }

    @Test func invalidUTF8OnATypedModelIsADecodeError() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("weather", "1", server.url("/faults/invalid-utf8"))], folder: folder)
        let exchange = try facade.requests.refresh("weather")
        #expect(exchange.outcome.kind == .decodeError, "got \(exchange.outcome)")
        #expect(exchange.status == 200)
    }

    @Test func emptyBodyOnATypedModelIsADecodeError() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("weather", "2", server.url("/faults/status/200?body=none"))], folder: folder)
        let failure = try #require(try facade.requests.refresh("weather").decodeFailure)
        #expect(failure.found == "an empty body")
    }

    @Test func v1BodyServedAsV2IsDriftWithItsPath() throws {
        // GIVEN weather v2 pointing at the v1 route (temperature as a string)
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("weather", "2", server.url("/weather/v1"))], folder: folder)

        // WHEN refreshed / THEN the drift names the field, the expected and the found type and value
        let exchange = try facade.requests.refresh("weather")
        let failure = try #require(exchange.decodeFailure, "got \(exchange.outcome)")
        #expect(failure.description == #"currentTemperature: expected number, found string "63""#)
        #expect(failure.path == "currentTemperature")
        // The body that failed is still there to look at.
        #expect(exchange.body?["currentTemperature"]?.stringValue == "63")
    }

    @Test func stockV1ServedAsV2NamesTheMissingField() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("stockQuote", "2", server.url("/stock/v1"))], folder: folder)
        let failure = try #require(try facade.requests.refresh("stockQuote").decodeFailure)
        #expect(failure.path == "openingPrice")
        #expect(failure.found == "no such field")
    }

    @Test func v2BodyServedAsV1StillDecodes() throws {
        // GIVEN weather v1 pointing at the v2 route / THEN v1's lenient number takes the real number too
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("weather", "1", server.url("/weather/v2"))], folder: folder)
        let exchange = try facade.requests.refresh("weather")
        #expect(exchange.outcome == .success(status: 200))
        #expect(exchange.value(WeatherV1.self)?.currentTemperature == LenientNumber(63))
    }

    @Test func aBodyWithoutTheTwitEnvelopeIsADecodeError() throws {
        // GIVEN twit v1 pointing at the echo route, whose answer is not a `{status, data}` envelope
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("twit", "1", server.url("/echo/twit-api"))], folder: folder)

        // WHEN the timeline is fetched / THEN the envelope's missing field is named
        let exchange = try facade.twits()
        let failure = try #require(exchange.decodeFailure, "got \(exchange.outcome)")
        #expect(failure.path == "status")
        #expect(failure.found == "no such field")
        #expect(facade.lastTwits.isEmpty)
    }
}
