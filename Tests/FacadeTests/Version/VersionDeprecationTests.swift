@testable import Facade
import Testing
import HTTPClient
import HTTPTypes

@Suite struct VersionDeprecationTests {
    let v1 = LocatorEntry(
        key: ServiceKey(name: "weather", version: ServiceVersion(parts: [1])), url: "http://h/weather/v1",
        deprecated: true, sunset: "2027-06-30")
    let v2 = LocatorEntry(key: ServiceKey(name: "weather", version: ServiceVersion(parts: [2])), url: "http://h/weather/v2")
    let serverHeaders: HTTPHeaders = ["Deprecation": "@1798675200", "Sunset": "Wed, 30 Jun 2027 23:59:59 GMT"]

    @Test func locatorDeprecationIsOneLineWithSunsetAndTheWayOut() {
        let warnings = Deprecation.warnings(entry: v1, headers: nil, latest: ServiceVersion(parts: [3]))
        #expect(warnings == ["weather v1 is deprecated; sunset 2027-06-30; latest is v3"])
    }

    @Test func noLatestHintWhenTheEntryIsTheLatest() {
        let warnings = Deprecation.warnings(entry: v1, headers: nil, latest: ServiceVersion(parts: [1]))
        #expect(warnings == ["weather v1 is deprecated; sunset 2027-06-30"])
    }

    @Test func serverHeadersAloneNameTheDates() {
        let warnings = Deprecation.warnings(entry: v2, headers: serverHeaders)
        #expect(warnings == ["server says weather v2 is deprecated since 2026-12-31; sunset 2027-06-30"])
    }

    @Test func locatorAndServerTogetherStillGiveOneLine() {
        let warnings = Deprecation.warnings(entry: v1, headers: serverHeaders)
        #expect(warnings == ["weather v1 is deprecated (locator and server) since 2026-12-31; sunset 2027-06-30"])
    }

    @Test func sunsetHeaderWithoutDeprecation() {
        let warnings = Deprecation.warnings(entry: v2, headers: ["Sunset": "Wed, 30 Jun 2027 23:59:59 GMT"])
        #expect(warnings == ["server says weather v2 sunsets 2027-06-30"])
    }

    @Test func nothingToSayIsNoWarning() {
        #expect(Deprecation.warnings(entry: v2, headers: ["Content-Type": "application/json"]).isEmpty)
        #expect(Deprecation.warnings(entry: nil, headers: nil).isEmpty)
        #expect(Deprecation.warnings(entry: v2, headers: ["Deprecation": "false"]).isEmpty)
    }

    @Test func serverNoteForServicesListing() {
        #expect(Deprecation.serverNote(serverHeaders) == "deprecated since 2026-12-31, sunset 2027-06-30")
        #expect(Deprecation.serverNote(["Deprecation": "true"]) == "deprecated")
        #expect(Deprecation.serverNote([:]) == nil)
    }
}
