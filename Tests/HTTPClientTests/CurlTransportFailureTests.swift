import Foundation
import Loopback
import Testing
import FoundationFree
import HTTPClient
import HTTPTypes

@Suite("CurlTransport failures")
struct CurlTransportFailureTests {
    private static let mebibyte = 1024 * 1024
    private static let weather = LoopbackRoute.json(["city": "Richmond", "state": "VA", "currentTemperature": "63"])

    private func failure(
        _ request: HTTPRequest, _ transport: CurlTransport = CurlTransport(), cancellation: CancellationToken? = nil
    ) -> TransportError? {
        do {
            let response = try transport.send(request, cancellation: cancellation)
            Issue.record("expected a failure, got status \(response.status)")
            return nil
        } catch {
            return error
        }
    }

    @Test func aClosedPortIsRefused() throws {
        let port = try #require(ClosedPort.make())

        let error = failure(HTTPRequest(url: "http://127.0.0.1:\(port)/weather/v2"))

        #expect(error == .refused(host: "127.0.0.1:\(port)"))
    }

    @Test func aSlowServerTimesOutAtTheRequestedMilliseconds() throws {
        let server = try LoopbackServer(routes: ["/delay": .delay])
        let started = ContinuousClock.now

        let error = failure(HTTPRequest(url: server.url("/delay/60000"), timeout: 300))

        #expect(error == .timeout(milliseconds: 300))
        #expect(ContinuousClock.now - started < .seconds(30), "a generous bound, well under the minute")
    }

    @Test func aConnectionResetMidBodyIsReported() throws {
        let server = try LoopbackServer(routes: ["/reset": .reset])

        #expect(failure(HTTPRequest(url: server.url("/reset"))) == .reset)
    }

    @Test func aBodyOverTheDefaultCapFailsAsTooLarge() throws {
        let server = try LoopbackServer(routes: ["/huge": .huge])

        let error = failure(HTTPRequest(url: server.url("/huge/100")))

        #expect(error == .tooLarge(limit: 64 * Self.mebibyte))
        #expect(error?.description == "response larger than 64 MiB")
    }

    @Test func aConfiguredCapIsEnforced() throws {
        let server = try LoopbackServer(routes: ["/huge": .huge])
        let transport = CurlTransport(configuration: TransportConfiguration(maxBodyBytes: Self.mebibyte))

        #expect(failure(HTTPRequest(url: server.url("/huge/2")), transport) == .tooLarge(limit: Self.mebibyte))
        let fits = try transport.send(HTTPRequest(url: server.url("/huge/1")))
        #expect(fits.body.count == Self.mebibyte)
    }

    @Test func aStreamedBodyIsCutOffAtTheCap() throws {
        let server = try #require(EndlessChunkedServer())
        let transport = CurlTransport(configuration: TransportConfiguration(maxBodyBytes: Self.mebibyte))

        let error = failure(HTTPRequest(url: "http://127.0.0.1:\(server.port)/endless"), transport)

        #expect(error == .tooLarge(limit: Self.mebibyte))
    }

    @Test func aRedirectLoopStopsAtTheLimit() throws {
        let server = try LoopbackServer(routes: ["/redirect-loop": .redirectLoop])

        #expect(failure(HTTPRequest(url: server.url("/redirect-loop"))) == .tooManyRedirects(limit: 10))
    }

    @Test func anUnsupportedSchemeIsRefusedByName() {
        #expect(failure(HTTPRequest(url: "ftp://127.0.0.1/file")) == .unsupportedScheme("ftp"))
    }

    @Test func anAlreadyCancelledTokenSendsNothing() throws {
        let server = try LoopbackServer(routes: ["/weather/v2": Self.weather])
        let token = CancellationToken(poll: { true })

        #expect(failure(HTTPRequest(url: server.url("/weather/v2")), cancellation: token) == .cancelled)
    }

    @Test func cancellingFromAnotherThreadEndsTheRequestQuickly() throws {
        // GIVEN a request that a minute-long answer keeps in flight, cancelled from the server's thread
        // once it has arrived there
        let token = CancellationToken()
        let server = try LoopbackServer(routes: ["/delay": .delay(announcing: { token.cancel() })])
        let started = ContinuousClock.now

        // WHEN it is sent
        let error = failure(HTTPRequest(url: server.url("/delay/60000")), CurlTransport(), cancellation: token)

        // THEN it ends as cancelled, without waiting for the answer
        #expect(error == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(30), "a generous bound, well under the minute")
    }

    @Test func theTransportStillWorksAfterAFailure() throws {
        let server = try LoopbackServer(routes: ["/delay": .delay, "/weather/v1": Self.weather])
        let transport = CurlTransport()

        #expect(failure(HTTPRequest(url: server.url("/delay/2000"), timeout: 100), transport) == .timeout(milliseconds: 100))
        let response = try transport.send(HTTPRequest(url: server.url("/weather/v1")))

        #expect(response.status == 200)
        #expect(response.text.contains("currentTemperature"))
    }
}
