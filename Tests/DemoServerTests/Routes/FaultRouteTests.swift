import Foundation
import Testing
@testable import DemoServer

@Suite("Fault routes")
struct FaultRouteTests {
    @Test(arguments: [200, 201, 404, 418, 500, 503])
    func statusAnswersWithThatStatus(code: Int) throws {
        try withServer { server in
            let response = try fetch(server, "/faults/status/\(code)")
            #expect(response.status == code)
            #expect(try response.decode(ServerErrorBody.self) == ServerErrorBody(error: "fault status \(code)", status: code))
        }
    }

    @Test func statusCanHaveAnEmptyBody() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/status/502?body=none")
            #expect(response.status == 502)
            #expect(response.body.isEmpty)
            #expect(response.header("Content-Length") == "0")
            #expect(try fetch(server, "/faults/status/99").status == 400)
            #expect(try fetch(server, "/faults/status/204").body.isEmpty)
        }
    }

    @Test func delayWaitsBeforeAnswering() throws {
        try withServer { server in
            // Time passing is the subject of these routes: they take at least what they were asked (lower
            // bounds only).
            let started = Date()
            let response = try fetch(server, "/faults/delay/150")
            #expect(Date().timeIntervalSince(started) >= 0.15)
            #expect(response.text == #"{"delayed":150}"#)
            #expect(try fetch(server, "/faults/delay/soon").status == 400)
        }
    }

    @Test func trickleSendsExactlyTheRequestedJSONInChunks() throws {
        try withServer { server in
            let started = Date()
            let response = try fetch(server, "/faults/trickle?bytes=100&interval=20&chunk=25")
            #expect(Date().timeIntervalSince(started) >= 0.06, "three pauses between four chunks")
            #expect(response.status == 200)
            #expect(response.body.count == 100)
            #expect(response.text.hasPrefix(#"{"trickle":"#))
            #expect(response.text.hasSuffix(#""}"#))
            #expect(try fetch(server, "/faults/trickle?bytes=5&interval=0").text == "10000")
        }
    }

    @Test func truncatedIsCutOffJSONWithAHonestLength() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/truncated")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.text == #"{"city":"Rich"#)
            #expect(response.header("Content-Length") == "13")
            #expect(throws: (any Error).self) { try response.decode(WeatherV2.self) }
        }
    }

    @Test func htmlIsAnHTMLPage() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/html")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(response.text.hasPrefix("<!DOCTYPE html>"))
        }
    }

    @Test func resetEndsTheBodyEarly() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.send("GET /faults/reset HTTP/1.1\r\nHost: x\r\n\r\n")
            let received = client.readUntilClosed()
            let text = String(decoding: received.bytes, as: UTF8.self)
            #expect(text.contains("Content-Length: 100000"))
            let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
            #expect(body.utf8.count >= 1 && body.utf8.count <= 1000)
            #expect(received.error == ECONNRESET)
            #expect(try fetch(server, "/weather/v1").status == 200)
        }
    }

    @Test func hugeSendsExactlyThatManyMebibytesOfJSON() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/huge/5")
            #expect(response.status == 200)
            #expect(response.body.count == 5 * 1_048_576)
            #expect(response.text.hasPrefix(#"{"bytes":5242880,"padding":"xxx"#))
            #expect(response.text.hasSuffix(#"xx"}"#))
            #expect(try fetch(server, "/faults/huge/0").status == 400)
        }
    }

    @Test func redirectLoopPointsAtItself() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/redirect-loop")
            #expect(response.status == 302)
            #expect(response.header("Location") == "/faults/redirect-loop")
        }
    }

    @Test func invalidUTF8ContainsFFFE() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/invalid-utf8")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let bytes = response.body
            #expect(bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xFE })
            #expect(String(validating: bytes, as: UTF8.self) == nil)
        }
    }

    @Test func deprecatedCarriesDeprecationAndSunsetHeaders() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/deprecated")
            #expect(response.status == 200)
            #expect(response.header("Deprecation") == "@1798675200")
            #expect(response.header("Sunset") == "Wed, 30 Jun 2027 23:59:59 GMT")
            #expect(try response.decode(WeatherV2.self).city == "Richmond")
        }
    }

    @Test func faultsOffMeansEveryFaultRouteIs404() throws {
        try withServer(faults: false) { server in
            for route in ["/faults", "/faults/status/500", "/faults/delay/10", "/faults/reset", "/faults/huge/1",
                          "/faults/redirect-loop", "/faults/invalid-utf8", "/faults/deprecated", "/faults/html"] {
                let response = try fetch(server, route)
                #expect(response.status == 404, "\(route)")
                #expect(try response.decode(ServerErrorBody.self).error == "no route for GET \(route)")
            }
        }
    }

    @Test func catalogueListsTheFaults() throws {
        try withServer { server in
            let response = try fetch(server, "/faults")
            #expect(response.status == 200)
            #expect(response.text.contains("/faults/redirect-loop"))
        }
    }

    // MARK: Malformed answers

    /// The whole answer of a raw fault route, read until the server closes the connection.
    private func rawAnswer(_ server: DemoServer, _ target: String) throws -> String {
        let client = try TestHTTPClient(port: server.port)
        defer { client.close() }
        try client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let (bytes, error) = client.readUntilClosed()
        #expect(error == nil, "the connection ends with a clean close, not a reset")
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        ("/faults/http09", #"{"city":"Richmond","state":"VA"}"#),
        ("/faults/garbage-status", "HTTP/1.1 OK 200\r\nContent-Length: 2\r\n\r\n{}"),
        ("/faults/empty-reply", ""),
        ("/faults/short-body", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"city\":\"Rich"),
        ("/faults/bad-chunk", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"),
        ("/faults/conflicting-length", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 20\r\n\r\n{}"),
        ("/faults/upgrade", "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"),
    ])
    func rawFaultsAnswerExactlyTheirBytesThenClose(_ route: String, _ answer: String) throws {
        let received = try withServer { server in try rawAnswer(server, route) }
        #expect(received == answer)
    }

    @Test func hugeHeaderAndBadGzipAreOtherwiseWellFormed() throws {
        try withServer { server in
            let huge = try fetch(server, "/faults/huge-header")
            #expect(huge.header("X-Huge")?.count == 100 * 1024)
            let gzip = try fetch(server, "/faults/bad-gzip")
            #expect(gzip.header("Content-Encoding") == "gzip")
            #expect(gzip.text == #"{"not":"gzip"}"#)
            let notModified = try fetch(server, "/faults/not-modified")
            #expect(notModified.status == 304)
            #expect(notModified.header("ETag") == #""demo-1""#)
            #expect(notModified.body.isEmpty)
        }
    }

    @Test func reflectRepeatsTheCredentialsItWasSent() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/reflect?key=k1&x=2",
                                     headers: [("Authorization", "Bearer t0k"), ("X-Api-Key", "a9")])
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.text == "authorization: Bearer t0k\nx-api-key: a9\ncookie: \nquery: key=k1&x=2\n")
        }
    }

    @Test func redirectToSendsAnyLocationWithTheAskedStatus() throws {
        try withServer { server in
            let response = try fetch(server, "/faults/redirect-to?status=307&url=" + "file%3A%2F%2F%2Fetc%2Fpasswd")
            #expect(response.status == 307)
            #expect(response.header("Location") == "file:///etc/passwd")
            #expect(try fetch(server, "/faults/redirect-to").status == 400)
            #expect(try fetch(server, "/faults/redirect-to?url=/x&status=200").status == 400)
        }
    }
}
