import Foundation
import Testing
import TestSupport
@testable import DemoServer
@testable import HTTPServer

@Suite("Connections")
struct ConnectionTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            let targets = ["/weather/v1", "/stock/v1", "/twit-api/user", "/nope", "/services.json"]
            let statuses = try targets.map { try client.request("GET", $0).status }
            #expect(statuses == [200, 200, 200, 404, 200])
            let post = try client.request("POST", "/echo", body: Array("hi".utf8))
            #expect(post.status == 200)
            #expect(try client.request("GET", "/weather/v2").decode(WeatherV2.self).city == "Richmond")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.send("GET /weather/v2?city=boston HTTP/1.1\r\nHost: x\r\n\r\n\r\nGET /weather/v2?city=austin HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().decode(WeatherV2.self).city == "Boston")
            #expect(try client.readResponse().decode(WeatherV2.self).city == "Austin")
        }
    }

    @Test func connectionCloseIsHonoured() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            let response = try client.request("GET", "/weather/v1", headers: [("Connection", "close")])
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(client.serverCloses(within: 2))
        }
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        try withServer { server in
            let plain = try TestHTTPClient(port: server.port)
            try plain.send("GET /weather/v1 HTTP/1.0\r\n\r\n")
            #expect(try plain.readResponse().status == 200)
            #expect(plain.serverCloses(within: 2))

            let kept = try TestHTTPClient(port: server.port)
            try kept.send("GET /weather/v1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = try kept.readResponse()
            #expect(response.header("Connection") == "keep-alive")
            try kept.send("GET /weather/v2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try kept.readResponse().status == 200)
        }
    }

    @Test func idleConnectionsAreClosedAfterTheTimeout() throws {
        try withServer(idleTimeout: 0.3) { server in
            let client = try TestHTTPClient(port: server.port)
            #expect(try client.request("GET", "/weather/v1").status == 200)
            #expect(client.serverCloses(within: 3))
        }
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET /weather/v1\r\n\r\n",
        "GET weather HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nBad Header\r\n\r\n",
        "GET / HTTP/1.1\r\n: empty\r\n\r\n",
        "POST /echo HTTP/1.1\r\nContent-Length: ten\r\n\r\n",
        "POST /echo HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "GET / HTTP/1.1\r\nX: a\r\n folded\r\n\r\n",
        "G\u{1}T / HTTP/1.1\r\n\r\n",
    ])
    func malformedRequestIs400AndTheServerKeepsServing(raw: String) throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.send(raw)
            let response = try client.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Connection") == "close")
            let body = try response.decode(ServerErrorBody.self)
            #expect(body.status == 400)
            #expect(body.error.hasPrefix("malformed request"))
            #expect(client.serverCloses(within: 2))
            #expect(try fetch(server, "/weather/v1").status == 200)
        }
    }

    @Test func oversizedBodyIs413() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: 9000000\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(client.serverCloses(within: 2))
        }
    }

    @Test func otherRefusalsHaveTheirOwnStatus() throws {
        try withServer { server in
            let gzipped = try TestHTTPClient(port: server.port)
            try gzipped.send("POST /echo HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n")
            #expect(try gzipped.readResponse().status == 501)

            let version = try TestHTTPClient(port: server.port)
            try version.send("GET / HTTP/2.0\r\n\r\n")
            #expect(try version.readResponse().status == 505)

            let huge = try TestHTTPClient(port: server.port)
            try huge.send("GET / HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 70_000))\r\n\r\n")
            #expect(try huge.readResponse().status == 431)
        }
    }

    @Test func chunkedBodiesAreReadAndTheNextRequestFollows() throws {
        try withServer { server in
            // GIVEN a chunked body in three pieces, with an extension and a trailer, then a pipelined request
            let client = try TestHTTPClient(port: server.port)
            try client.send("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n4;note=x\r\nWiki\r\n")
            try client.send("5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nX-Trailer: ignored\r\n\r\n")
            try client.send("GET /weather/v1 HTTP/1.1\r\n\r\n")
            // THEN the body is the chunks' data and the next request is answered on the same connection
            let echoed = try client.readResponse()
            #expect(echoed.status == 200)
            let body = try JSONSerialization.jsonObject(with: Data(echoed.body)) as? [String: Any]
            #expect(body?["body"] as? String == "Wikipedia in\r\n\r\nchunks.")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func malformedOrOversizedChunksAreRefused() throws {
        try withServer { server in
            let badSize = try TestHTTPClient(port: server.port)
            try badSize.send("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
            #expect(try badSize.readResponse().status == 400)
            let overrun = try TestHTTPClient(port: server.port)
            try overrun.send("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n")
            #expect(try overrun.readResponse().status == 400)
            let both = try TestHTTPClient(port: server.port)
            try both.send("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n")
            #expect(try both.readResponse().status == 400)
            let huge = try TestHTTPClient(port: server.port)
            try huge.send("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n900000\r\n")
            #expect(try huge.readResponse().status == 413)
        }
    }

    @Test func bodyArrivingInPiecesIsAssembled() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: 11\r\n\r\nhello")
            // A pause between the pieces is the subject: the server reads the first before the second is sent.
            Thread.sleep(forTimeInterval: 0.05)
            try client.send(" world")
            #expect(try client.readResponse().text.contains(#""body":"hello world""#))
        }
    }

    @Test func expectContinueGetsAnInterimResponse() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.send("POST /echo HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
            let interim = try client.readRaw(count: 25)
            #expect(String(decoding: interim, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
            try client.send("ok")
            #expect(try client.readResponse().text.contains(#""body":"ok""#))
        }
    }

    @Test func headAnswersWithoutABody() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            let head = try client.request("HEAD", "/services.json")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(Int(head.header("Content-Length") ?? "") ?? 0 > 100)
            #expect(try client.request("GET", "/weather/v1").status == 200, "no stray body bytes were left behind")
        }
    }

    @Test func clientVanishingMidResponseDoesNotHurtTheServer() throws {
        try withServer { server in
            for _ in 0..<3 {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET /faults/huge/64 HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readRaw(count: 100_000).count == 100_000)
                client.close()
            }
            let slow = try TestHTTPClient(port: server.port)
            try slow.send("GET /faults/trickle?bytes=2000&interval=20 HTTP/1.1\r\n\r\n")
            _ = try slow.readRaw(count: 50)
            slow.close()
            #expect(try fetch(server, "/weather/v2").status == 200)
        }
    }

    @Test func manyConcurrentClientsAreServed() async throws {
        let server = DemoServer(configuration: DemoServerConfiguration())
        try server.start()
        defer { server.stop() }
        let port = server.port
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let client = try TestHTTPClient(port: port)
                    return try client.request("GET", index.isMultiple(of: 2) ? "/weather/v3" : "/meetup/2/groups?lat=51.5&lon=0&key=k").status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == 24)
        #expect(statuses.allSatisfy { $0 == 200 })
    }

    @Test func connectionsBeyondTheLimitAreTurnedAwayWith503() throws {
        try withServer { server in
            var clients = try (0..<HTTPListener.maximumConnections).map { _ in try TestHTTPClient(port: server.port) }
            for client in clients {
                #expect(try client.request("GET", "/weather/v1").status == 200)
            }
            let extra = try TestHTTPClient(port: server.port)
            let refused = try extra.request("GET", "/weather/v1")
            #expect(refused.status == 503)
            #expect(refused.header("Connection") == "close")

            clients.removeLast().close()
            let served = eventually(every: 0.05) {
                (try? TestHTTPClient(port: server.port).request("GET", "/weather/v1").status) == 200
            }
            #expect(served, "a freed slot is reused")
        }
    }

    @Test func absoluteFormTargetsAreRouted() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.send("GET http://127.0.0.1:\(server.port)/weather/v2?city=denver HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().decode(WeatherV2.self).city == "Denver")
        }
    }
}
