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

    /// The header list of the last transfer is given again only for the same fields byte for byte and the
    /// same body type: a name in another case, a value in other bytes that Swift calls equal, another
    /// order or another body type makes a new list, of that request's own lines.
    @Test func theLastHeaderListIsKeptOnlyForTheSameBytes() {
        var handles = CurlHandles(answerPollWindow: .zero)
        defer { handles.release() }
        var made: [[String]] = []
        func list(_ fields: [HTTPHeaders.Field], _ contentType: String? = nil) -> UnsafeMutableRawPointer? {
            let headers = HTTPHeaders(fields)
            return handles.headerList(for: headers, contentType: contentType) {
                let lines = fields.map { "\($0.name): \($0.value)" } + ["Content-Type:" + (contentType.map { " " + $0 } ?? "")]
                made.append(lines)
                return lines
            }.map(UnsafeMutableRawPointer.init)
        }
        let first = list([("Accept", "application/json"), ("X-City", "caf\u{E9}")])
        let again = list([("Accept", "application/json"), ("X-City", "caf\u{E9}")])
        #expect(first != nil && again == first)
        #expect(made.count == 1)
        _ = list([("accept", "application/json"), ("X-City", "caf\u{E9}")])
        _ = list([("accept", "application/json"), ("X-City", "cafe\u{301}")])
        _ = list([("X-City", "cafe\u{301}"), ("accept", "application/json")])
        _ = list([("X-City", "cafe\u{301}"), ("accept", "application/json")], "text/plain")
        _ = list([("X-City", "cafe\u{301}"), ("accept", "application/json")], "text/plain")
        #expect(made.count == 5)
        #expect(made.last == ["X-City: cafe\u{301}", "accept: application/json", "Content-Type: text/plain"])
        #expect(made[1].first == "accept: application/json")
        #expect(made[2].last == "Content-Type:")
    }
}
