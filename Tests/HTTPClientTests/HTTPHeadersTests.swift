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
