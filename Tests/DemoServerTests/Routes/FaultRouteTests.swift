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
}
