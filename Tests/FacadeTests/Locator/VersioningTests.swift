import DemoAPIs
import TestSupport
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// Versions carried in a header, a query parameter or a media type (`"versioning"` in the locator).
@Suite struct VersioningTests {
    private func locator(_ entries: [String]) throws -> Locator {
        try Locator.parse(Array(LocatorText.document(entries).utf8).data, source: "http://example.test/services.json")
    }

    @Test func calendarVersionsOrderByTheirNumericParts() throws {
        let versions = ["2024-06-20", "2022-11-28", "2026-03-10", "2023-01-05"].compactMap(ServiceVersion.init)
        #expect(versions.count == 4)
        #expect(versions.sorted().map(\.description) == ["2022-11-28", "2023-01-05", "2024-06-20", "2026-03-10"])
        #expect(ServiceVersion("2022-11-28")?.style == .calendar)
        #expect(ServiceVersion("2022-13-28") == nil)
        #expect(ServiceVersion("22-11-28") == nil)
        #expect(ServiceVersion("v2")?.bare == "2")
    }

    @Test func eachSchemeParses() throws {
        let parsed = try locator([
            LocatorText.entry("acme", #""2025-01-15""#, "acme", extra: #""versioning":{"header":"X-Api-Version"}"#),
            LocatorText.entry("azure", #""2024-05-01""#, "azure", extra: #""versioning":{"query":"api-version"}"#),
            LocatorText.entry("media", "2", "media", extra: #""versioning":{"accept":"application/vnd.example.v{version}+json"}"#),
        ])
        let acme = try #require(parsed.entries.first)
        #expect(acme.versioning == .header("X-Api-Version"))
        #expect(acme.versioning?.value(for: acme) == "2025-01-15")
        #expect(parsed.entries[1].versioning?.value(for: parsed.entries[1]) == "2024-05-01")
        #expect(parsed.entries[2].versioning?.value(for: parsed.entries[2]) == "application/vnd.example.v2+json")
    }

    @Test(arguments: [
        (#"{"cookie":"v"}"#, #"unknown scheme "cookie""#),
        (#"{"header":"X-V","query":"v"}"#, "gives both header and query"),
        (#"{"accept":"application/vnd.example+json"}"#, "has no {version} placeholder"),
        (#""header""#, "should be an object"),
        (#"{"header":""}"#, "should be a non-empty string"),
    ])
    func badVersioningNamesTheEntryAndField(versioning: String, reason: String) throws {
        let text = LocatorText.document([LocatorText.entry("acme", #""2025-01-15""#, "acme", extra: #""versioning":"# + versioning)])
        do {
            _ = try Locator.parse(Array(text.utf8).data, source: "s.json")
            Issue.record("parsed a bad versioning field")
        } catch {
            #expect(error.description.contains("services[0] (acme 2025-01-15)"), "\(error)")
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    @Test func theActiveVersionTravelsInEveryRequestToTheService() throws {
        // GIVEN two header-versioned versions sharing the echo URL, and one query-versioned, one media type
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let path = try folder.write("s.json", LocatorText.document([
            LocatorText.entry("acme", #""2024-01-01""#, server.url("/echo/acme"), extra: #""versioning":{"header":"X-Api-Version"}"#),
            LocatorText.entry("acme", #""2025-01-15""#, server.url("/echo/acme"), extra: #""versioning":{"header":"X-Api-Version"}"#),
            LocatorText.entry("azure", #""2024-05-01""#, server.url("/echo/azure"), extra: #""versioning":{"query":"api-version"}"#),
            LocatorText.entry("media", "2", server.url("/echo/media"), extra: #""versioning":{"accept":"application/vnd.x.v{version}+json"}"#),
        ]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)

        // WHEN refreshed at the default (highest) and after `use acme 2024-01-01`
        #expect(try facade.requests.refresh("acme").body?["headers"]?["x-api-version"]?.stringValue == "2025-01-15")
        try facade.workspace.use("acme", version: "2024-01-01")
        let older = try facade.requests.refresh("acme")
        #expect(older.body?["headers"]?["x-api-version"]?.stringValue == "2024-01-01")
        #expect(older.versionSent?.carrier == "X-Api-Version")

        // THEN raw requests carry it too, as do the other schemes
        let raw = try facade.requests.send(RawRequest(method: .get, target: "acme/sub", items: []))
        #expect(raw.body?["headers"]?["x-api-version"]?.stringValue == "2024-01-01")
        let absolute = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo/acme/x"), items: []))
        #expect(absolute.body?["headers"]?["x-api-version"]?.stringValue == "2024-01-01")
        #expect(try facade.requests.refresh("azure").body?["query"]?["api-version"]?.stringValue == "2024-05-01")
        #expect(try facade.requests.refresh("media").body?["headers"]?["accept"]?.stringValue == "application/vnd.x.v2+json")
        // and `latest` follows the calendar order
        try facade.workspace.use("acme", version: "latest")
        #expect(facade.workspace.activeVersion(of: "acme")?.description == "2025-01-15")
    }
}

extension Array where Element == UInt8 {
    var data: Data { Data(self) }
}
