import Foundation
import Loopback
import Testing
import FoundationFree
@testable import HTTPClient
@testable import HTTPTypes

@Suite("ResponseWait")
struct ResponseWaitTests {
    private let window = Duration.microseconds(200)

    @Test func theFirstTransferSleepsFromTheStart() {
        #expect(ResponseWait(window: window).pollWindow == .zero)
    }

    @Test func anAnswerWithinTheWindowEarnsTheNextTransferIt() {
        var wait = ResponseWait(window: window)
        wait.record(firstByte: 0.000_080)
        #expect(wait.pollWindow == window)
        wait.record(firstByte: 0.000_200)
        #expect(wait.pollWindow == window)
    }

    @Test func aSlowerAnswerOrAFailureEndsThePolling() {
        var wait = ResponseWait(window: window)
        wait.record(firstByte: 0.000_080)
        wait.record(firstByte: 0.000_201)
        #expect(wait.pollWindow == .zero)
        wait.record(firstByte: 0.000_010)
        wait.record(firstByte: nil)
        #expect(wait.pollWindow == .zero)
    }

    @Test func aZeroWindowNeverPolls() {
        var wait = ResponseWait(window: .zero)
        wait.record(firstByte: 0)
        #expect(wait.pollWindow == .zero)
    }

    /// A connected pair of local sockets, closed when the test ends.
    private final class SocketPair {
        let watched: Int32
        private(set) var peer: Int32
        init() throws {
            var fds: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw POSIXError(.EMFILE) }
            (watched, peer) = (fds[0], fds[1])
        }
        func closePeer() {
            close(peer)
            peer = -1
        }
        deinit {
            close(watched)
            if peer >= 0 { close(peer) }
        }
    }

    @Test func theSpinEndsWhenTheSocketHasNothingToRead() throws {
        // GIVEN a socket nothing is written to
        let pair = try SocketPair()
        let clock = ContinuousClock()
        // WHEN a transfer spins on it for a millisecond THEN the spin gives up, having seen nothing
        #expect(!ResponseWait.spin(untilReadable: pair.watched, before: clock.now + .milliseconds(1), clock: clock))
    }

    @Test func theSpinEndsAsSoonAsTheAnswerIsThere() throws {
        // GIVEN a socket with bytes waiting
        let pair = try SocketPair()
        #expect(write(pair.peer, "HTTP", 4) == 4)
        let clock = ContinuousClock()
        // WHEN a transfer spins on it for a minute THEN it returns at once, seeing them
        #expect(ResponseWait.spin(untilReadable: pair.watched, before: clock.now + .seconds(60), clock: clock))
    }

    @Test func aClosedConnectionEndsTheSpinForLibcurlToSee() throws {
        // GIVEN a socket whose peer has closed
        let pair = try SocketPair()
        pair.closePeer()
        let clock = ContinuousClock()
        // WHEN a transfer spins on it for a minute THEN it returns at once: libcurl reads the end
        #expect(ResponseWait.spin(untilReadable: pair.watched, before: clock.now + .seconds(60), clock: clock))
    }
}

/// The transport's waiting against a real loopback server. A window of seconds makes every loopback answer
/// "fast", so the transfers after one are certain to start by polling.
@Suite("CurlTransport waiting for a fast server")
struct CurlTransportPollingTests {
    private static func transport(window: Duration) -> CurlTransport {
        CurlTransport(configuration: TransportConfiguration(answerPollWindow: window))
    }

    private static let weatherV1 = LoopbackRoute.json(["city": "Richmond", "state": "VA", "currentTemperature": "63"])
    private static let weatherV2 = LoopbackRoute.json([
        "city": "Richmond", "state": "VA", "currentTemperature": 63, "currentConditions": "Sunny",
    ])

    @Test func aFastAnswerOpensTheWindowAndASlowOneClosesIt() throws {
        let server = try LoopbackServer(routes: ["/weather/v1": Self.weatherV1, "/delay": .delay])
        let transport = Self.transport(window: .milliseconds(20))
        #expect(transport.pollWindow == .zero)

        let fast = try transport.send(HTTPRequest(url: server.url("/weather/v1")))
        #expect(fast.status == 200)
        #expect(transport.pollWindow == .milliseconds(20))

        let slow = try transport.send(HTTPRequest(url: server.url("/delay/100")))
        #expect(slow.status == 200)
        #expect(transport.pollWindow == .zero)
    }

    @Test func aTransferThatPollsStillAnswersCompletely() throws {
        let server = try LoopbackServer(routes: ["/weather/v2": Self.weatherV2])
        let transport = Self.transport(window: .seconds(5))
        let first = try transport.send(HTTPRequest(url: server.url("/weather/v2")))

        for _ in 0..<20 {
            let again = try transport.send(HTTPRequest(url: server.url("/weather/v2")))
            #expect(again.status == 200)
            #expect(again.body == first.body)
        }
        #expect(transport.pollWindow == .seconds(5))
    }

    @Test func aTimeoutFiresWhilePolling() throws {
        let server = try LoopbackServer(routes: ["/weather/v1": Self.weatherV1, "/delay": .delay])
        let transport = Self.transport(window: .seconds(60))
        _ = try transport.send(HTTPRequest(url: server.url("/weather/v1")))
        let started = ContinuousClock.now

        #expect(throws: TransportError.timeout(milliseconds: 150)) {
            try transport.send(HTTPRequest(url: server.url("/delay/60000"), timeout: 150))
        }

        // (a generous bound, well under the minute that the window and the answer would each take)
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(transport.pollWindow == .zero)
    }

    @Test func cancellingEndsATransferThatPolls() throws {
        // GIVEN a transport polling for a minute-long answer, cancelled from the server's thread once the
        // request has arrived there
        let token = CancellationToken()
        let server = try LoopbackServer(routes: ["/weather/v1": Self.weatherV1, "/delay": .delay(announcing: { token.cancel() })])
        let transport = Self.transport(window: .seconds(60))
        _ = try transport.send(HTTPRequest(url: server.url("/weather/v1")))
        #expect(transport.pollWindow == .seconds(60))
        let started = ContinuousClock.now

        // WHEN it is sent
        #expect(throws: TransportError.cancelled) {
            try transport.send(HTTPRequest(url: server.url("/delay/60000")), cancellation: token)
        }

        // THEN the cancellation ends it (a generous bound, well under the minute of the window and the answer)
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
