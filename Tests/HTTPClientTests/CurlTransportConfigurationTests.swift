import Testing
@testable import HTTPClient
@testable import HTTPTypes

/// What a transfer's set-up reads from the request: whether its URL is a local file, and its header lines.
@Suite struct CurlTransportConfigurationTests {
    @Test(arguments: [
        ("file:///tmp/weather.json", "/tmp/weather.json"),
        ("FILE:///tmp/weather.json", "/tmp/weather.json"),
        ("File:///tmp/a%20b.json", "/tmp/a b.json"),
    ])
    func aFileURLInAnyCaseIsALocalPath(url: String, path: String) {
        #expect(CurlTransport.filePath(of: url) == path)
    }

    @Test(arguments: ["http://127.0.0.1/weather", "https://h/file:///tmp/x", "fil", "", "filex:///tmp/x"])
    func anyOtherURLIsNone(url: String) {
        #expect(CurlTransport.filePath(of: url) == nil)
    }

    @Test func aFieldWithALineBreakGoesAsOneLineAndOthersAsTheyAre() {
        // GIVEN a header whose value holds a line break, and one that does not
        let request = HTTPRequest(
            url: "http://127.0.0.1/", headers: ["X-Note": "one\r\nX-Injected: two", "X-Other": "a\nb", "Accept": "application/json"])
        // WHEN its header lines are made
        let lines = CurlTransport().headerLines(for: request)
        // THEN each break (CRLF is one) is a space, so no second header, and the other is as given
        #expect(lines.contains("X-Note: one X-Injected: two"))
        #expect(lines.contains("X-Other: a b"))
        #expect(lines.contains("Accept: application/json"))
        #expect(!lines.contains { $0.hasPrefix("X-Injected") })
    }
}
