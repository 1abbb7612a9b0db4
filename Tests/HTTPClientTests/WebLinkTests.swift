import Testing
import HTTPClient
import HTTPTypes

@Suite struct WebLinkTests {
    @Test func parsesSeveralLinksWithQuotedParametersHoldingCommas() {
        // GIVEN a field with three links, a quoted comma and semicolon in a title, a bare rel and two relations
        let field = #"<https://api.example/items?page=1>; rel="first"; title="page 1, the first; really", "#
            + #"</items?page=3>;rel=next , <https://api.example/items?page=9>; rel="last PREV""#
        let links = WebLink.parse([field])
        // THEN each link is found whole, in order
        #expect(links.map(\.target) == ["https://api.example/items?page=1", "/items?page=3", "https://api.example/items?page=9"])
        #expect(links.map(\.relations) == [["first"], ["next"], ["last", "prev"]])
        #expect(links[0].parameters.last?.value == "page 1, the first; really")
        #expect(WebLink.target(relation: "NEXT", in: [field]) == "/items?page=3")
    }

    @Test func readsLinksSpreadOverSeveralFieldsAndSkipsMalformedOnes() {
        let fields = [#"nonsense, <a>; rel=prev"#, #"<b>; rel="next"; rel="last""#]
        let links = WebLink.parse(fields)
        #expect(links.map(\.target) == ["a", "b"])
        // Only the first rel counts.
        #expect(links[1].relations == ["next"])
        #expect(WebLink.target(relation: "last", in: fields) == nil)
    }

    @Test func resolvesReferencesAgainstTheRequestURL() {
        let base = "https://api.example/v1/items?page=2"
        #expect(URLReference.resolve("/v1/items?page=3", against: base) == "https://api.example/v1/items?page=3")
        #expect(URLReference.resolve("?page=3", against: base) == "https://api.example/v1/items?page=3")
        #expect(URLReference.resolve("other?x=1", against: base) == "https://api.example/v1/other?x=1")
        #expect(URLReference.resolve("https://cdn.example/p", against: base) == "https://cdn.example/p")
    }
}

@Suite struct HTTPCookieTests {
    @Test func readsNetscapeLinesAsLibcurlWritesThem() throws {
        let plain = try #require(HTTPCookie(netscapeLine: "127.0.0.1\tFALSE\t/\tFALSE\t0\ttheme\tdark"))
        #expect(plain.domain == "127.0.0.1" && !plain.includesSubdomains && plain.path == "/" && !plain.secure)
        #expect(plain.expires == 0 && plain.name == "theme" && plain.value == "dark" && !plain.httpOnly)
        let httpOnly = try #require(HTTPCookie(netscapeLine: "#HttpOnly_.example.com\tTRUE\t/app\tTRUE\t1900000000\tsid\tabc"))
        #expect(httpOnly.httpOnly && httpOnly.domain == "example.com" && httpOnly.includesSubdomains && httpOnly.secure)
        #expect(httpOnly.expires == 1_900_000_000 && httpOnly.path == "/app")
        #expect(HTTPCookie(netscapeLine: "# Netscape HTTP Cookie File") == nil)
        #expect(HTTPCookie(netscapeLine: "short\tline") == nil)
    }
}
