import HTTPClient
import HTTPTypes
import Testing
import Loopback

/// A path apish built goes out as built (`HTTPRequest.pathAsBuilt`, libcurl's `CURLOPT_PATH_AS_IS`); any
/// other path is normalised first, as before, dot segments removed.
@Suite struct PathAsBuiltTests {
    private static let path = "/items/%2E%2E/b/../c/."

    @Test func aBuiltPathReachesTheServerByteForByte() throws {
        // GIVEN a loopback server, and the same path sent as built and as typed
        let server = try RecordingServer()
        defer { server.stop() }
        var built = HTTPRequest(url: server.url(Self.path), query: [FormField("q", "..")])
        built.pathAsBuilt = true
        let typed = HTTPRequest(url: server.url(Self.path))

        // WHEN both are sent
        _ = try CurlTransport().send(built)
        _ = try CurlTransport().send(typed)

        // THEN the built one arrived as it was built, the typed one normalised
        #expect(server.requestTargets == [Self.path + "?q=..", "/c/"])
        #expect(built.sentURL == server.url(Self.path) + "?q=..")
    }

    @Test func aBuiltPathIsOnlyKeptOverTheWeb() {
        var local = HTTPRequest(url: "file:///srv/items/%2E%2E/x")
        local.pathAsBuilt = true
        #expect(!local.keepsPathAsBuilt)
        #expect(local.sentURL == "file:///srv/x")
    }

    @Test func libcurlsRequestTargetKeepsDotSegmentsOnlyAsIs() {
        #expect(CurlRequestTarget.of("http://h/a/../b/./c?x=/../y", pathAsIs: true) == "/a/../b/./c?x=/../y")
        #expect(CurlRequestTarget.of("http://h/a/../b/./c?x=/../y", pathAsIs: false) == "/b/c?x=/../y")
        #expect(CurlRequestTarget.of("http://h", pathAsIs: true) == "/")
        #expect(CurlRequestTarget.of("http://[::1", pathAsIs: true) == nil)
    }
}
