@testable import Facade
import Testing

/// `LocatorEntry` keeps its fields in one shared box and compares them itself: two entries are equal
/// exactly when every field is, whether or not they share the box.
@Suite struct LocatorEntryEqualityTests {
    private static func entry(
        name: String = "weather", version: String = "2", url: String = "http://example.test/w", deprecated: Bool = false,
        sunset: String? = nil, summary: String? = nil, versioning: Versioning? = nil, versionText: String? = nil,
        schema: String? = nil, openapi: String? = nil
    ) throws -> LocatorEntry {
        LocatorEntry(
            key: ServiceKey(name: name, version: try .parsed(version)), url: url, deprecated: deprecated, sunset: sunset,
            summary: summary, versioning: versioning, versionText: versionText, schema: schema, openapi: openapi)
    }

    @Test func entriesBuiltAlikeAreEqualAndEachFieldMakesThemDiffer() throws {
        let base = try Self.entry()
        #expect(base == (try Self.entry()))
        #expect(base == base)
        let others: [LocatorEntry] = [
            try Self.entry(name: "stock"), try Self.entry(version: "3"), try Self.entry(url: "http://example.test/x"),
            try Self.entry(deprecated: true), try Self.entry(sunset: "2027-06-30"), try Self.entry(summary: "now"),
            try Self.entry(versioning: .header("X-Version")), try Self.entry(versionText: "v2"),
            try Self.entry(schema: "s.json"), try Self.entry(openapi: "o.json"),
        ]
        for other in others {
            #expect(base != other)
            #expect(other != base)
        }
    }

    @Test func theFlagsOutsideTheBoxCountToo() throws {
        let base = try Self.entry()
        var copy = base
        #expect(copy == base)
        copy.urlIsDocuments = true
        #expect(copy != base)
        var other = base
        other.urlFromSpec = true
        #expect(other != base)
        #expect(base.with(url: base.url) != base)
        #expect(base.with(url: base.url).url == base.url)
    }
}
