import HTTPClient
import HTTPTypes
import Testing
import Loopback

/// Every first hop goes out as built or typed (`HTTPRequest.pathAsBuilt`, libcurl's `CURLOPT_PATH_AS_IS`):
/// the URL shown is the URL sent. Only a request that asks for it (a redirect's hop) is normalised first.
@Suite struct PathAsBuiltTests {
    private static let path = "/items/%2E%2E/b/../c/."

    @Test func aPathReachesTheServerByteForByteUnlessNormalisingIsAskedFor() throws {
        // GIVEN a loopback server, and the same path sent as typed and with normalising asked for
        let server = try RecordingServer()
        defer { server.stop() }
        let typed = HTTPRequest(url: server.url(Self.path), query: [FormField("q", "..")])
        var normalised = HTTPRequest(url: server.url(Self.path))
        normalised.pathAsBuilt = false

        // WHEN both are sent
        _ = try CurlTransport().send(typed)
        _ = try CurlTransport().send(normalised)

        // THEN the typed one arrived as it was typed, the other normalised
        #expect(server.requestTargets == [Self.path + "?q=..", "/c/"])
        #expect(typed.sentURL == server.url(Self.path) + "?q=..")
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
