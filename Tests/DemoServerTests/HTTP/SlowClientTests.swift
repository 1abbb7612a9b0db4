import Foundation
import Testing
import TestSupport
@testable import DemoServer
@testable import HTTPServer

/// Clients that send too slowly, or too many at once, must not keep the server from serving others.
/// Timeouts are shortened to fractions of a second; the bounds asserted are generous multiples of them. A
/// client's pauses between the pieces it sends are the subject here: they are slept, not waited on.
@Suite("Slow clients")
struct SlowClientTests {
    /// Sends `pieces` one at a time, `interval` seconds apart, until the server answers or closes; returns
    /// how long that took, or nil when the server let the client go on for `limit` seconds.
    private func trickle(_ pieces: [String], every interval: Double, to client: TestHTTPClient, limit: Double) -> Double? {
        let start = Date()
        var index = 0
        while Date().timeIntervalSince(start) < limit {
            if client.hasInput(within: interval) { return Date().timeIntervalSince(start) }
            // A failed send means the server has already gone; the next poll sees the end of stream.
            try? client.send(pieces[index % pieces.count])
            index += 1
        }
        return nil
    }

    @Test func blankLinesDoNotKeepAnIdleConnectionOpen() throws {
        try withServer(idleTimeout: 0.5, requestTimeout: 0.5) { server in
            let client = try TestHTTPClient(port: server.port)
            let ended = trickle(["\r\n"], every: 0.1, to: client, limit: 4)
            #expect(ended != nil, "a client sending only blank lines is closed after the idle timeout")
            #expect(client.readUntilClosed().bytes.isEmpty, "there was no request to answer")
            #expect(try fetch(server, "/weather/v1").status == 200)
        }
    }

    @Test(arguments: [
        // Head trickled one byte at a time, never finished.
        ("", "GET /weather/v1 HTTP/1.1\r\nHost: x\r\nX-Padding: " + String(repeating: "a", count: 200)),
        // Complete head, body trickled one byte at a time.
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\n", String(repeating: "b", count: 200)),
    ])
    func aRequestTrickledByteByByteIsCutOffAtTheDeadline(opening: String, trickled: String) throws {
        try withServer(idleTimeout: 5, requestTimeout: 0.5) { server in
            let client = try TestHTTPClient(port: server.port)
            if !opening.isEmpty { try client.send(opening) }
            let ended = trickle(trickled.map(String.init), every: 0.1, to: client, limit: 4)
            #expect(ended != nil, "the request deadline runs from the first byte, not from the last read")
            let answer = String(decoding: client.readUntilClosed().bytes, as: UTF8.self)
            #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 408 "), "\(answer)")
            #expect(try fetch(server, "/weather/v1").status == 200)
        }
    }

    @Test func aRequestWithinTheDeadlineIsStillServed() throws {
        try withServer(idleTimeout: 5, requestTimeout: 3) { server in
            let client = try TestHTTPClient(port: server.port)
            for piece in ["\r\n", "GET /weather/v2?city=austin ", "HTTP/1.1\r\n", "Host: x\r\n", "\r\n"] {
                try client.send(piece)
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(try client.readResponse().decode(WeatherV2.self).city == "Austin")
            #expect(try client.request("GET", "/weather/v1").status == 200, "the next request gets a fresh deadline")
        }
    }

    @Test func aFullServerAnswers503PromptlyAndRecovers() throws {
        try withServer(idleTimeout: 30, requestTimeout: 30) { server in
            // Every slot taken by an unfinished request, and more clients waiting behind them.
            var held: [TestHTTPClient] = []
            for _ in 0..<(HTTPListener.maximumConnections + 8) {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET /weather/v1 HTTP/1.1\r\nHost: x\r\n")
                held.append(client)
            }
            // A turned-away client that keeps sending: draining it must not hold up the accept loop.
            let pest = try TestHTTPClient(port: server.port)
            try pest.send("GET / HTTP/1.1\r\n")

            let probe = try TestHTTPClient(port: server.port, timeout: 15)
            try probe.send("GET /weather/v1 HTTP/1.1\r\nHost: x\r\n\r\n")
            let answered = eventually(within: 15, every: 0) {
                try? pest.send("x")
                return probe.hasInput(within: 0.05)
            }
            #expect(answered, "a client arriving at a full server gets an answer well before the held ones time out (30 s)")
            let refused = try probe.readResponse()
            #expect(refused.status == 503)
            #expect(refused.header("Connection") == "close")

            for client in held { client.close() }
            pest.close()
            let served = eventually(every: 0.05) { (try? fetch(server, "/weather/v1").status) == 200 }
            #expect(served, "the server serves again once the slots are freed")
        }
    }
}
