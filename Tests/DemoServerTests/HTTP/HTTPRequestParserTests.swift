import Testing
import FoundationFree
@testable import DemoServer
@testable import HTTPServer

@Suite("Request parsing")
struct HTTPRequestParserTests {
    private func parse(_ text: String) throws -> HTTPRequestHead {
        let bytes = Array(text.utf8)
        let boundary = try #require(HTTPRequestParser.headBoundary(in: bytes))
        return try HTTPRequestParser.parseHead(bytes[..<boundary.headEnd], maximumBodySize: 1000)
    }

    @Test func parsesLineHeadersAndQuery() throws {
        let head = try parse("POST /echo/a%20b/c?x=1&y=two+words&x=2&flag HTTP/1.1\r\nHost: h\r\nContent-Length:  5 \r\nX-A: 1\r\n\r\n")
        #expect(head.request.method == "POST")
        #expect(head.request.path == "/echo/a%20b/c")
        #expect(head.request.pathSegments == ["echo", "a b", "c"])
        #expect(head.request.queryValue("x") == "1")
        #expect(head.request.queryValue("y") == "two words")
        #expect(head.request.queryValue("flag") == "")
        #expect(head.request.header("content-length") == "5")
        #expect(head.contentLength == 5)
        #expect(head.request.wantsKeepAlive)
    }

    @Test func acceptsBareLineFeeds() throws {
        let head = try parse("GET /x HTTP/1.0\nConnection: keep-alive\n\n")
        #expect(head.request.minorVersion == 0)
        #expect(head.request.wantsKeepAlive)
    }

    @Test func headBoundaryWaitsForTheBlankLine() {
        #expect(HTTPRequestParser.headBoundary(in: Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == nil)
        let boundary = HTTPRequestParser.headBoundary(in: Array("GET / HTTP/1.1\r\n\r\nBODY".utf8))
        #expect(boundary?.bodyStart == 18)
    }

    @Test func refusalsCarryTheirStatus() {
        #expect(throws: HTTPRequestError(status: 413, message: "request body of 5000 bytes exceeds the 1000-byte limit")) {
            try parse("POST / HTTP/1.1\r\nContent-Length: 5000\r\n\r\n")
        }
        #expect { try parse("GET / HTTP/3.0\r\n\r\n") } throws: { ($0 as? HTTPRequestError)?.status == 505 }
        #expect { try parse("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") } throws: { ($0 as? HTTPRequestError)?.status == 400 }
    }

    @Test func repeatedEqualContentLengthsAreAccepted() throws {
        #expect(try parse("GET / HTTP/1.1\r\nContent-Length: 2, 2\r\n\r\n").contentLength == 2)
    }

    @Test func decodingIsLenientWithBrokenPercentSequences() {
        #expect(PercentEncoding.decode("100%", plusAsSpace: false) == "100%")
        #expect(PercentEncoding.decode("%zz%41", plusAsSpace: false) == "%zzA")
        #expect(PercentEncoding.decode("a+b", plusAsSpace: false) == "a+b")
    }
}
