import TestSupport
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

@Suite struct LocatorChangeSetTests {
    private func locator(_ entries: [String]) throws -> Locator {
        try Locator.parse(Data(LocatorText.document(entries).utf8), source: "http://example.test/services.json")
    }

    @Test func sameDocumentTwiceIsEmpty() throws {
        // GIVEN two loads of one document / WHEN compared / THEN nothing changed
        let entries = [LocatorText.entry("weather", "1", "w1"), LocatorText.entry("weather", "2", "w2")]
        let changes = LocatorChangeSet(from: try locator(entries), to: try locator(entries))
        #expect(changes.isEmpty)
        #expect(changes.lines.isEmpty)
    }

    @Test func firstLoadAddsEverything() throws {
        let changes = LocatorChangeSet(from: nil, to: try locator([LocatorText.entry("a", "1", "a")]))
        #expect(changes.added.map(\.key.description) == ["a v1"])
        #expect(!changes.isEmpty)
    }

    @Test func reportsAddedRemovedMovedAndNewlyDeprecated() throws {
        // GIVEN an old document and a new one that adds v3, drops stock v1, moves twit, deprecates weather v1
        let old = try locator([
            LocatorText.entry("weather", "1", "weather/v1"), LocatorText.entry("weather", "2", "weather/v2"),
            LocatorText.entry("stock", "1", "stock/v1"), LocatorText.entry("twit", "1", "twit-api"),
        ])
        let new = try locator([
            LocatorText.entry("weather", "1", "weather/v1", extra: #""deprecated":true,"sunset":"2027-06-30""#),
            LocatorText.entry("Weather", #""v2""#, "weather/v2"),
            LocatorText.entry("weather", "3", "weather/v3"),
            LocatorText.entry("twit", "1", "twit-api-2"),
        ])

        // WHEN compared
        let changes = LocatorChangeSet(from: old, to: new)

        // THEN each kind of change is listed once, and a respelled name is not a change
        #expect(changes.added.map(\.key.description) == ["weather v3"])
        #expect(changes.removed.map(\.key.description) == ["stock v1"])
        #expect(changes.moved.map(\.key.description) == ["twit v1"])
        #expect(changes.moved.first?.from == "http://example.test/twit-api")
        #expect(changes.moved.first?.to == "http://example.test/twit-api-2")
        #expect(changes.newlyDeprecated.map(\.key.description) == ["weather v1"])
        #expect(changes.lines == [
            "+ weather v3 added (http://example.test/weather/v3)",
            "- stock v1 removed",
            "~ twit v1 moved http://example.test/twit-api → http://example.test/twit-api-2",
            "! weather v1 deprecated (sunset 2027-06-30)",
        ])
    }

    @Test func alreadyDeprecatedIsNotNewlyDeprecated() throws {
        // GIVEN an entry deprecated in both loads / THEN it is not reported again
        let entry = LocatorText.entry("w", "1", "w", extra: #""deprecated":true"#)
        let changes = LocatorChangeSet(from: try locator([entry]), to: try locator([entry]))
        #expect(changes.newlyDeprecated.isEmpty)
        #expect(changes.isEmpty)
    }

    @Test func theDemoUpgradeFromServicesToServicesNext() throws {
        // GIVEN the demo server's two locators / WHEN compared
        let server = try LiveDemoServer()
        let loader = LocatorLoader(transport: CurlTransport())
        let changes = LocatorChangeSet(
            from: try loader.load(server.locatorURL), to: try loader.load(server.url("/services-next.json")))

        // THEN weather v3 is added and weather v1 newly deprecated, nothing else
        #expect(changes.added.map(\.key.description) == ["weather v3"])
        #expect(changes.newlyDeprecated.map(\.key.description) == ["weather v1"])
        #expect(changes.removed.isEmpty)
        #expect(changes.moved.isEmpty)
    }
}
