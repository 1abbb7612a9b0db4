import TestSupport
import Foundation
import Synchronization
import Testing
import FoundationFree
import HTTPClient
import HTTPTypes

@Suite("CurlTransport failures")
struct CurlTransportFailureTests {
    private static let mebibyte = 1024 * 1024

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
        let server = try LiveDemoServer()
        let started = ContinuousClock.now

        let error = failure(HTTPRequest(url: server.url("/faults/delay/3000"), timeout: 300))

        #expect(error == .timeout(milliseconds: 300))
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func aConnectionResetMidBodyIsReported() throws {
        let server = try LiveDemoServer()

        #expect(failure(HTTPRequest(url: server.url("/faults/reset"))) == .reset)
    }

    @Test func aBodyOverTheDefaultCapFailsAsTooLarge() throws {
        let server = try LiveDemoServer()

        let error = failure(HTTPRequest(url: server.url("/faults/huge/100")))

        #expect(error == .tooLarge(limit: 64 * Self.mebibyte))
        #expect(error?.description == "response larger than 64 MiB")
    }

    @Test func aConfiguredCapIsEnforced() throws {
        let server = try LiveDemoServer()
        let transport = CurlTransport(configuration: TransportConfiguration(maxBodyBytes: Self.mebibyte))

        #expect(failure(HTTPRequest(url: server.url("/faults/huge/2")), transport) == .tooLarge(limit: Self.mebibyte))
        let fits = try transport.send(HTTPRequest(url: server.url("/faults/huge/1")))
        #expect(fits.body.count == Self.mebibyte)
    }

    @Test func aStreamedBodyIsCutOffAtTheCap() throws {
        let server = try #require(EndlessChunkedServer())
        let transport = CurlTransport(configuration: TransportConfiguration(maxBodyBytes: Self.mebibyte))

        let error = failure(HTTPRequest(url: "http://127.0.0.1:\(server.port)/endless"), transport)

        #expect(error == .tooLarge(limit: Self.mebibyte))
    }

    @Test func aRedirectLoopStopsAtTheLimit() throws {
        let server = try LiveDemoServer()

        #expect(failure(HTTPRequest(url: server.url("/faults/redirect-loop"))) == .tooManyRedirects(limit: 10))
    }

    @Test func anUnsupportedSchemeIsRefusedByName() {
        #expect(failure(HTTPRequest(url: "ftp://127.0.0.1/file")) == .unsupportedScheme("ftp"))
    }

    @Test func anAlreadyCancelledTokenSendsNothing() throws {
        let server = try LiveDemoServer()
        let token = CancellationToken(poll: { true })

        #expect(failure(HTTPRequest(url: server.url("/weather/v2")), cancellation: token) == .cancelled)
    }

    @Test func cancellingFromAnotherThreadEndsTheRequestQuickly() async throws {
        let server = try LiveDemoServer()
        let transport = CurlTransport()
        let token = CancellationToken()
        let request = HTTPRequest(url: server.url("/faults/delay/5000"))
        let cancelledAt = Mutex<ContinuousClock.Instant?>(nil)

        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<(TransportError?, ContinuousClock.Instant), Never>) in
            Thread.detachNewThread {
                let error = failure(request, transport, cancellation: token)
                continuation.resume(returning: (error, ContinuousClock.now))
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
                cancelledAt.withLock { $0 = ContinuousClock.now }
                token.cancel()
            }
        }

        #expect(outcome.0 == .cancelled)
        let cancelled = try #require(cancelledAt.withLock { $0 })
        #expect(outcome.1 - cancelled < .seconds(1))
    }

    @Test func theTransportStillWorksAfterAFailure() throws {
        let server = try LiveDemoServer()
        let transport = CurlTransport()

        #expect(failure(HTTPRequest(url: server.url("/faults/delay/2000"), timeout: 100), transport) == .timeout(milliseconds: 100))
        let response = try transport.send(HTTPRequest(url: server.url("/weather/v1")))

        #expect(response.status == 200)
        #expect(response.text.contains("currentTemperature"))
    }
}
