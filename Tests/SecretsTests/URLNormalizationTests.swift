import Testing
import Secrets

/// RFC 3986 normalisation: what scope checks compare and what the transport sends.
@Suite struct URLNormalizationTests {
    @Test(arguments: [
        ("HTTP://API.Example:80/v1/x", "http://api.example/v1/x"),
        ("https://h:443", "https://h/"),
        ("http://h:8080", "http://h:8080/"),
        ("http://h:/a", "http://h/a"),
        ("http://h/svc/../outside/echo", "http://h/outside/echo"),
        ("http://h/svc/%2e%2e/outside", "http://h/outside"),
        ("http://h/svc/%2E./outside", "http://h/outside"),
        ("http://h/svc/.%2e/outside", "http://h/outside"),
        ("http://h/a/./b/../../c/", "http://h/c/"),
        ("http://h/../../../etc", "http://h/etc"),
        ("http://h/a/b/..", "http://h/a/"),
        ("http://h/a/.", "http://h/a/"),
        ("http://h/%7Euser/%41%2fb", "http://h/~user/A%2Fb"),
        ("http://h/a/../b?x=/../y#f/../g", "http://h/b?x=/../y#f/../g"),
        ("http://u:p@H/x", "http://u:p@h/x"),
        ("http://a@evil@good.example/x", "http://a%40evil@good.example/x"),
        ("http://[::1]:80/x", "http://[::1]/x"),
        ("file:///tmp/a/../b.json", "file:///tmp/b.json"),
        ("not a url", "not a url"),
        ("http://h:99999/x", "http://h:99999/x"),
    ])
    func normalizes(_ url: String, _ expected: String) {
        #expect(URLNormalization.normalize(url) == expected)
    }

    @Test func aPathWithoutAuthorityNeverReadsBackAsOne() {
        // The idempotence property scripts/fuzz checks: `/.//x` loses its dot segment, and `mailto://x`
        // would read back with an authority.
        let once = URLNormalization.normalize("mailto:/.//x")
        #expect(once == "mailto:/.//x")
        #expect(URLNormalization.normalize(once) == once)
        #expect(URLNormalization.parse(once)?.hasAuthority == false)
    }

    @Test(arguments: ["aftp:/Z%4%41.examp", "http://h/%%41", "http://h/a%4%6a/b", "http://h/%%2e%2e/x"])
    func decodingNeverMakesANewEscape(_ url: String) {
        // Found by scripts/fuzz: `%4%41` decoded to `%4A`, which a second pass decoded again to `J`.
        let once = URLNormalization.normalize(url)
        #expect(URLNormalization.normalize(once) == once)
    }

    @Test func removesDotSegmentsAsRFC3986Section524() {
        // The examples of RFC 3986 §5.2.4.
        #expect(URLNormalization.removeDotSegments("/a/b/c/./../../g") == "/a/g")
        #expect(URLNormalization.removeDotSegments("mid/content=5/../6") == "mid/6")
    }

    @Test func originsCompareSchemeHostAndPort() throws {
        let parts = try #require(URLNormalization.parse("HTTPS://Example.COM:443/a?b#c"))
        #expect(parts.origin == "https://example.com")
        #expect(parts.effectivePort == 443)
        #expect(parts.query == "b")
        #expect(parts.fragment == "c")
        #expect(URLScope.sameOrigin("http://h/a", "http://H:80/b"))
        #expect(!URLScope.sameOrigin("http://h/a", "http://h:8080/a"))
        #expect(!URLScope.sameOrigin("http://h/a", "https://h/a"))
    }
}
