import Testing
import FoundationFree
import HTTPClient
import HTTPTypes

@Suite("HTTP headers and small types")
struct HTTPHeadersTests {
    @Test func lookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Trace": "1"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["X-TRACE"] == "1")
        #expect(headers["missing"] == nil)
    }

    @Test func repeatedNamesKeepEveryValueInOrder() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("Other", "x")
        headers.add("set-cookie", "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers["Set-Cookie"] == "a=1")
        #expect(headers.count == 3)
    }

    /// Headers as a response's lines arrived (kept as their bytes) read as the same fields made as strings.
    @Test func receivedFieldsReadAsTheSameFieldsMadeAsStrings() {
        // GIVEN a response's header lines, with a repeated name, a folded value, blanks and a byte that is not UTF-8
        let accumulator = ResponseAccumulator(limit: 1_000)
        let lines: [[UInt8]] = [
            Array("HTTP/1.1 200 OK\r\n".utf8), Array("Set-Cookie: a=1\r\n".utf8), Array("Content-Type:  text/plain \r\n".utf8),
            Array("X-Long: first\r\n".utf8), Array("\t second part \r\n".utf8), Array("set-cookie:b=2\r\n".utf8),
            Array("X-Bad: caf".utf8) + [0xE9] + Array("\r\n".utf8), Array("Empty:\r\n".utf8), Array("\r\n".utf8),
        ]
        for line in lines { _ = line.withUnsafeBytes { accumulator.receiveHeaderLine($0) } }
        let received = accumulator.headers
        let made = HTTPHeaders([
            ("Set-Cookie", "a=1"), ("Content-Type", "text/plain"), ("X-Long", "first second part"), ("set-cookie", "b=2"),
            ("X-Bad", "caf\u{FFFD}"), ("Empty", ""),
        ])
        // WHEN every read is asked of both / THEN they answer alike
        #expect(received == made)
        #expect(Array(received).map(\.name) == Array(made).map(\.name))
        #expect(Array(received).map(\.value) == Array(made).map(\.value))
        #expect(received.count == 6)
        for name in ["set-cookie", "SET-COOKIE", "Content-Type", "x-long", "X-Bad", "empty", "Content-Typ", "Content-Types", "", "Missing"] {
            #expect(received[name] == made[name], "\(name)")
            #expect(received.values(for: name) == made.values(for: name), "\(name)")
            #expect(received.contains(name) == made.contains(name), "\(name)")
        }
        #expect(received.description == made.description)
        // AND changed, they change as the strings do
        var changedReceived = received, changedMade = made
        changedReceived.set("set-cookie", "c=3"); changedMade.set("set-cookie", "c=3")
        changedReceived.remove("x-long"); changedMade.remove("x-long")
        changedReceived.add("X-New", "1"); changedMade.add("X-New", "1")
        #expect(changedReceived == changedMade)
        #expect(Array(changedReceived).map(\.name) == ["set-cookie", "Content-Type", "X-Bad", "Empty", "X-New"])
        #expect(received["set-cookie"] == "a=1", "the copy changed, not the original")
    }

    @Test func setReplacesAllFieldsOfANameInPlace() {
        var headers = HTTPHeaders([("A", "1"), ("B", "2"), ("a", "3")])
        headers.set("A", "9")
        #expect(Array(headers).map(\.name) == ["A", "B"])
        #expect(headers.values(for: "a") == ["9"])
        headers["b"] = nil
        #expect(!headers.contains("B"))
        headers["New"] = "n"
        #expect(Array(headers).map(\.value) == ["9", "n"])
    }

    @Test func removeDropsEveryFieldOfAName() {
        var headers = HTTPHeaders([("A", "1"), ("B", "2"), ("a", "3")])
        headers.remove("A")
        #expect(headers == ["B": "2"])
    }

    @Test func equalityComparesNamesWithoutCase() {
        let lower: HTTPHeaders = ["accept": "x"], upper: HTTPHeaders = ["Accept": "x"], other: HTTPHeaders = ["Accept": "y"]
        #expect(lower == upper)
        #expect(upper != other)
    }

    @Test func methodsAreUppercaseTokens() {
        #expect(HTTPMethod.get.rawValue == "GET")
        #expect(HTTPMethod(rawValue: "patch") == .patch)
        let custom: HTTPMethod = "PROPFIND"
        #expect(custom.description == "PROPFIND")
    }

    @Test func transportErrorsDescribeThemselvesInOneLine() {
        #expect(TransportError.refused(host: "127.0.0.1:9").description == "connection refused by 127.0.0.1:9")
        #expect(TransportError.tooLarge(limit: 64 * 1024 * 1024).description == "response larger than 64 MiB")
        #expect(TransportError.tooLarge(limit: 1000).description == "response larger than 1000 bytes")
        #expect(TransportError.timeout(milliseconds: 300).description == "timed out after 300 ms")
        #expect(TransportError.tooManyRedirects(limit: 10).description == "more than 10 redirects")
        #expect(TransportError.localFile(path: "/d/x.json", reason: "no such file").description == "file /d/x.json: no such file")
        let all: [TransportError] = [
            .refused(host: "h:1"), .dns(host: "h"), .tls(message: "m"), .timeout(milliseconds: 1), .reset,
            .tooLarge(limit: 1), .tooManyRedirects(limit: 1), .cancelled, .invalidURL("u"), .other(code: 1, message: "m"),
            .localFile(path: "/p", reason: "no such file"),
        ]
        for error in all {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }

    @Test func cancellationTokenConsultsItsPollClosure() {
        let plain = CancellationToken()
        #expect(!plain.isCancelled)
        plain.cancel()
        #expect(plain.isCancelled)
        let polled = CancellationToken(poll: { true })
        #expect(polled.isCancelled)
    }
}
