import Testing
@testable import Shell

/// `host:port/…` without a scheme is a URL with its `http://` missing, not a file.
@Suite struct LocatorHintTests {
    @Test(arguments: ["127.0.0.1:8080/services.json", "localhost:4000", "api.example.com:443/v1/locator?x=1"])
    func hostAndPortWithoutSchemeGetAHint(_ source: String) {
        #expect(LocatorHint.missingScheme(source) == "missing http://? try: http://\(source)")
    }

    @Test(arguments: ["http://127.0.0.1:8080/x", "services.json", "/tmp/a:1/x", "./a:1", "~/x:1", "c:/x", "host:port/x", "a:123456"])
    func otherSourcesGetNone(_ source: String) {
        #expect(LocatorHint.missingScheme(source) == nil)
    }
}
