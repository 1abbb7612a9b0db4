import TestSupport
@testable import Facade
import Testing
import HTTPClient
import HTTPTypes

@Suite struct LocatorLocationTests {
    @Test func nextLocatorResolvesAgainstAnHTTPLocator() {
        // GIVEN the current locator is served over http
        let current = "http://127.0.0.1:8123/services.json"

        // WHEN the user types a bare file name that does not exist locally
        let target = LocatorLocation.target(for: "services-next.json", current: current)

        // THEN it is looked up beside the current locator
        #expect(target == "http://127.0.0.1:8123/services-next.json")
    }

    @Test func nestedLocatorResolvesAgainstItsFolder() {
        let target = LocatorLocation.target(for: "next.json", current: "http://h.test/api/v1/services.json")
        #expect(target == "http://h.test/api/v1/next.json")
    }

    @Test func absoluteTargetsAreKept() {
        let current = "http://127.0.0.1:8123/services.json"
        #expect(LocatorLocation.target(for: "https://other.test/s.json", current: current) == "https://other.test/s.json")
        #expect(LocatorLocation.target(for: "file:///etc/s.json", current: current) == "file:///etc/s.json")
    }

    @Test func anExistingFileWinsOverTheCurrentLocator() throws {
        // GIVEN a file that exists on disk / THEN it is loaded as a path even with an http locator loaded
        let folder = try ScratchDirectory()
        let path = try folder.write("services.json", "{}")
        #expect(LocatorLocation.target(for: path, current: "http://127.0.0.1:1/services.json") == path)
    }

    @Test func withoutACurrentLocatorAPathStaysAPath() {
        #expect(LocatorLocation.target(for: "missing/services.json", current: nil) == "missing/services.json")
    }

    @Test func recognisesWebLocations() {
        #expect(LocatorLocation.isWeb("HTTP://x.test"))
        #expect(LocatorLocation.isWeb("https://x.test"))
        #expect(!LocatorLocation.isWeb("file:///x"))
        #expect(!LocatorLocation.isWeb("services.json"))
        // The scheme is read byte by byte, whatever the case of each letter; a near miss is not a web URL.
        #expect(LocatorLocation.isWeb("HtTpS://x.test"))
        #expect(LocatorLocation.isWeb("http://"))
        for near in ["http:/x", "https:x", "http", "", "httpx://x", "ftp://x", " http://x", "http\u{0130}://x", "\u{212A}ttp://x"] {
            #expect(!LocatorLocation.isWeb(near), "\(near)")
        }
    }
}
