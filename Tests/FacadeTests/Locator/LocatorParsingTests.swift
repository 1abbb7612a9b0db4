import TestSupport
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

@Suite struct LocatorParsingTests {
    private let source = "http://example.test/api/services.json"

    private func parse(_ text: String, source: String? = nil) throws -> Locator {
        try Locator.parse(Data(text.utf8), source: source ?? self.source)
    }

    @Test func parsesTheServedDemoLocatorResolvingRelativeURLs() throws {
        // GIVEN the demo server's own locator
        let server = try LiveDemoServer()
        let loader = LocatorLoader(transport: CurlTransport())

        // WHEN it is fetched and parsed
        let locator = try loader.load(server.locatorURL)

        // THEN every relative url resolved against the locator's URL, in document order
        #expect(locator.source == server.locatorURL)
        #expect(locator.entries.map(\.key.description) == [
            "weather v1", "weather v2", "stockQuote v1", "stockQuote v2", "twit v1", "meetup v2",
        ])
        #expect(locator.entries.map(\.url) == [
            server.url("/weather/v1"), server.url("/weather/v2"), server.url("/stock/v1"), server.url("/stock/v2"),
            server.url("/twit-api"), server.url("/meetup"),
        ])
        #expect(locator.serviceNames == ["weather", "stockQuote", "twit", "meetup"])
        #expect(locator.entries.allSatisfy { !$0.isDeprecated && $0.summary != nil })
    }

    @Test func parsesTheNextLocatorWithWeatherV3AndADeprecatedV1() throws {
        // GIVEN the demo server's "next" locator / WHEN loaded
        let server = try LiveDemoServer()
        let locator = try LocatorLoader(transport: CurlTransport()).load(server.url("/services-next.json"))

        // THEN weather gains v3 and v1 carries its deprecation and sunset
        #expect(locator.versions(of: "weather").map(\.description) == ["v1", "v2", "v3"])
        let v1 = try #require(locator.resolve(ServiceKey(name: "weather", version: try .parsed("1"))))
        #expect(v1.deprecated)
        #expect(v1.sunset == "2027-06-30")
        #expect(locator.latest(of: "weather")?.url == server.url("/weather/v3"))
    }

    @Test func acceptsNumericAndStringVersions() throws {
        // GIVEN versions written as numbers and as strings
        let text = LocatorText.document([
            LocatorText.entry("a", "1", "a1"),
            LocatorText.entry("a", "2.1", "a21"),
            LocatorText.entry("b", #""v2""#, "b2"),
            LocatorText.entry("c", #""2""#, "c2"),
        ])

        // WHEN parsed
        let locator = try parse(text)

        // THEN each reads as the dotted version it means
        #expect(locator.entries.map(\.key.description) == ["a v1", "a v2.1", "b v2", "c v2"])
        #expect(locator.entries.map(\.url) == [
            "http://example.test/api/a1", "http://example.test/api/a21",
            "http://example.test/api/b2", "http://example.test/api/c2",
        ])
    }

    @Test func keepsDeprecatedSunsetAndDescription() throws {
        // GIVEN entries with and without the optional fields
        let text = LocatorText.document([
            LocatorText.entry("w", "1", "w1", extra: #""deprecated":true,"sunset":"2027-06-30","description":"old one""#),
            LocatorText.entry("w", "2", "w2", extra: #""sunset":"2028-01-01""#),
            LocatorText.entry("w", "3", "w3", extra: #""deprecated":false,"sunset":null"#),
        ])

        // WHEN parsed
        let entries = try parse(text).entries

        // THEN the fields survive, and a sunset alone already counts as deprecated
        #expect(entries[0].deprecated && entries[0].sunset == "2027-06-30" && entries[0].summary == "old one")
        #expect(!entries[1].deprecated && entries[1].isDeprecated && entries[1].summary == nil)
        #expect(!entries[2].isDeprecated && entries[2].sunset == nil)
    }

    @Test func keepsAbsoluteURLsAndResolvesRootRelativeOnes() throws {
        // GIVEN an absolute URL, a root-relative and a parent-relative one
        let text = LocatorText.document([
            LocatorText.entry("a", "1", "https://other.test/x/y?z=1"),
            LocatorText.entry("b", "1", "/root/b"),
            LocatorText.entry("c", "1", "../up/c"),
        ])

        // WHEN parsed against an http source
        let urls = try parse(text).entries.map(\.url)

        // THEN the absolute one is untouched and the others resolve like links
        #expect(urls == ["https://other.test/x/y?z=1", "http://example.test/root/b", "http://example.test/up/c"])
    }

    @Test func resolvesRelativeURLsAgainstAPlainPath() throws {
        // GIVEN a locator read from a file / WHEN a relative url is parsed / THEN it is a file URL beside it
        let locator = try parse(LocatorText.document([LocatorText.entry("a", "1", "data/a.json")]), source: "/tmp/loc/services.json")
        #expect(locator.entries[0].url == "file:///tmp/loc/data/a.json")
    }

    @Test func aLocatorFromTheWebMayNotNameLocalFiles() throws {
        // GIVEN an http locator naming a file URL / WHEN parsed / THEN refused, as a relative one from a file is not
        let text = LocatorText.document([LocatorText.entry("a", "1", "file:///etc/passwd")])
        let error = try #require(throws: LocatorError.self) { try parse(text) }
        #expect(error.description.contains("may not name a local file"))
        #expect(try parse(text, source: "/tmp/loc/services.json").entries[0].url == "file:///etc/passwd")
    }

    @Test func namesMatchCaseInsensitively() throws {
        // GIVEN a document that spells a service `stockQuote`
        let locator = try parse(LocatorText.document([
            LocatorText.entry("stockQuote", "2", "s2"),
            LocatorText.entry("stockQuote", "1", "s1"),
            LocatorText.entry("weather", "10", "w10"),
            LocatorText.entry("weather", "2", "w2"),
            LocatorText.entry("weather", "2.1", "w21"),
        ]))
        let two = try ServiceVersion.parsed("2")

        // WHEN asked in any case
        // THEN the same entries come back, lowest version first, and the document's spelling is kept
        #expect(locator.versions(of: "STOCKQUOTE").map(\.description) == ["v1", "v2"])
        #expect(locator.versions(of: "Weather").map(\.description) == ["v2", "v2.1", "v10"])
        #expect(locator.latest(of: "WEATHER")?.url == "http://example.test/api/w10")
        #expect(locator.resolve(ServiceKey(name: "stockquote", version: two))?.url == "http://example.test/api/s2")
        #expect(locator.resolve(ServiceKey(name: "StockQuote", version: try .parsed("v2.0")))?.name == "stockQuote")
        #expect(locator.canonicalName(of: "STOCKquote") == "stockQuote")
        #expect(locator.serviceNames == ["stockQuote", "weather"])
        #expect(locator.resolve(ServiceKey(name: "weather", version: try .parsed("3"))) == nil)
        #expect(locator.versions(of: "nope").isEmpty)
        #expect(locator.latest(of: "nope") == nil)
        // A name already lower case is looked up as it is; one with capitals or letters beyond ASCII is lowered.
        let accented = try parse(LocatorText.document([LocatorText.entry("Météo", "1", "m1"), LocatorText.entry("weather", "1", "w1")]))
        #expect(accented.versions(of: "weather").map(\.description) == ["v1"])
        #expect(accented.versions(of: "météo").map(\.description) == ["v1"])
        #expect(accented.versions(of: "MÉTÉO").map(\.description) == ["v1"])
        #expect(accented.versions(of: "Météo").map(\.description) == ["v1"])
        #expect(accented.versions(of: "meteo").isEmpty)
    }

    @Test func anEmptyServicesListIsAValidLocator() throws {
        // GIVEN no services / WHEN parsed / THEN it is an empty locator, not an error
        let locator = try parse(#"{"services":[]}"#)
        #expect(locator.entries.isEmpty)
        #expect(locator.serviceNames.isEmpty)
    }
}
