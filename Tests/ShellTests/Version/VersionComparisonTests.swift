import Facade
import Testing
@testable import Shell
import JSON
@testable import Commands

@Suite struct VersionComparisonTests {
    let v2: JSONValue = ["city": "Boston", "currentTemperature": 63, "forecast": [["day": "Mon", "high": 66]]]
    let v3: JSONValue = ["city": "Boston", "currentTemperature": 63, "forecast": [["day": "Mon", "high": "66"]], "humidity": 48]

    @Test func valuesByDefault() {
        let changes = VersionComparison.changes(v2, v3, schema: false, includeUnchanged: false)
        #expect(changes.map(\.path) == ["forecast[0].high", "humidity"])
    }

    @Test func schemaWithAllInterleavesTheUnchangedPlacesInFieldOrder() {
        let changes = VersionComparison.changes(v2, v3, schema: true, includeUnchanged: true)
        #expect(changes.map { "\($0.kind.rawValue) \($0.path)" } == [
            "same city", "same currentTemperature", "same forecast", "same forecast[]", "same forecast[].day",
            "type forecast[].high", "added humidity",
        ])
    }

    @Test func schemaIgnoresValues() {
        let other: JSONValue = ["city": "Austin", "currentTemperature": 70, "forecast": [["day": "Tue", "high": 1]]]
        #expect(VersionComparison.changes(v2, other, schema: true, includeUnchanged: false).isEmpty)
        #expect(VersionComparison.changes(v2, other, schema: false, includeUnchanged: false).count == 4)
    }
}
