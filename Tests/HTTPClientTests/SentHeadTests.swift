import Loopback
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// `verbose` shows what libcurl really sent: the request line and every header, its own included.
@Suite struct SentHeadTests {
    @Test func theHeadAsSentComesBackOnlyWhenAskedFor() throws {
        let server = try LoopbackServer(routes: ["/echo": .echo])
        var request = HTTPRequest(method: .post, url: server.url("/echo/x"), headers: ["X-Mine": "1"], body: .form([FormField("a", "b")]))
        let quiet = try CurlTransport().send(request)
        #expect(quiet.sentHead.isEmpty)

        request.recordsSentHeaders = true
        let response = try CurlTransport().send(request)
        #expect(response.sentHead.first == "POST /echo/x HTTP/1.1")
        let names = response.sentHead.dropFirst().compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(names.contains("Host"))
        #expect(names.contains("User-Agent"))
        #expect(names.contains("Accept-Encoding"))
        #expect(names.contains("Content-Type"))
        #expect(names.contains("X-Mine"))
    }
}
