import Facade
import Foundation
import Testing
@testable import Shell

/// `locate` change sets, deprecation on `services`/`use`/`refresh`, and `use SERVICE latest`, in one shell.
@Suite struct VersionLocateUpgradeTests {
    @Test func locatingTheNextDocumentReportsTheUpgrade() throws {
        let shell = try VersionShell()
        shell.run("use weather v1")
        let result = shell.run("locate services-next.json")
        #expect(result.ok)
        #expect(result.out.contains("+ weather v3 added ("))
        #expect(result.out.contains("! weather v1 deprecated (sunset 2027-06-30)"))
        #expect(result.out.contains("weather v3 is now the latest weather; try: use weather latest"))
        #expect(result.err.contains("warning: weather v1 is in use and now deprecated; sunset 2027-06-30; try: use weather latest"))
        #expect(shell.session.facade.workspace.activeVersion(of: "weather")?.description == "v1")
    }

    @Test func aServiceNobodyPinnedKeepsItsVersionWhenANewOneAppears() throws {
        let shell = try VersionShell()
        shell.run("refresh weather")
        shell.run("locate services-next.json")
        #expect(shell.session.facade.workspace.activeVersion(of: "weather")?.description == "v2")
    }

    @Test func latestFollowsAcrossLocatesAndServicesMarksIt() throws {
        let shell = try VersionShell()
        #expect(shell.run("use weather latest").out.contains("weather → v2 (latest)"))
        let locate = shell.run("locate services-next.json")
        #expect(locate.out.contains("weather latest moved v2 → v3"))
        #expect(!locate.out.contains("try: use weather latest"))
        let services = shell.run("services")
        let row = try #require(services.out.split(separator: "\n").first { $0.contains("weather") && $0.contains("v3") })
        #expect(row.hasPrefix("*"))
        #expect(row.contains("latest (followed)"))
        let json = try VersionShell(json: true)
        json.run("use weather latest")
        json.run("locate services-next.json")
        let listing = try json.json("services")
        let weather = try #require(listing.value(atPath: "data")?.arrayValue?.first { $0["name"] == "weather" })
        #expect(weather["active"] == "v3")
        #expect(weather["followsLatest"] == .bool(true))
    }

    @Test func deprecationIsFlaggedOnUseRefreshAndServices() throws {
        let shell = try VersionShell(locator: "services-next.json")
        let use = shell.run("use weather v1")
        #expect(use.err == "warning: weather v1 is deprecated; sunset 2027-06-30; latest is v3\n")
        let refresh = shell.run("refresh")
        #expect(refresh.ok)
        #expect(refresh.err == "warning: weather v1 is deprecated; sunset 2027-06-30; latest is v3\n")
        let services = shell.run("services")
        #expect(services.out.contains("deprecated, sunset 2027-06-30"))
        #expect(services.err.contains("warning: weather v1 is in use and deprecated; sunset 2027-06-30"))
    }

    @Test func serverHeadersDeprecateTooAndJSONCarriesWarnings() throws {
        // GIVEN a locator whose weather v2 is the fault route that sends Deprecation and Sunset headers
        let folder = try VersionFixtureFolder()
        try folder.write("headers.json", #"{"services":[{"name":"weather","version":1,"url":"weather/v1"},{"name":"weather","version":2,"url":"faults/deprecated"}]}"#)
        let shell = try VersionShell(root: folder.path, json: true, locator: "headers.json")
        let refresh = try shell.json("refresh weather")
        #expect(refresh.value(atPath: "ok") == .bool(true))
        #expect(refresh.value(atPath: "warnings[0]") == "server says weather v2 is deprecated since 2026-12-31; sunset 2027-06-30")
        let services = try shell.json("services")
        #expect(services.value(atPath: "warnings[0]") == "weather v2 is in use and deprecated (server: deprecated since 2026-12-31, sunset 2027-06-30)")
        let use = try shell.json("use weather v2")
        #expect(use.value(atPath: "warnings[0]") == "server says weather v2 is deprecated since 2026-12-31; sunset 2027-06-30")
    }

    @Test func aLiveEditOfTheLocatorIsAChangeSetWithFallback() throws {
        let folder = try VersionFixtureFolder()
        let original = try String(contentsOfFile: folder.path + "/services.json", encoding: .utf8)
        let shell = try VersionShell(root: folder.path)
        shell.run("use stockQuote v1")
        // WHEN the served locator is edited: stockQuote v1 removed, weather v1 moved and deprecated, weather v3 added
        let edited = #"{"services":[{"name":"weather","version":1,"url":"weather/v1?moved=1","deprecated":true,"sunset":"2027-06-30"},{"name":"weather","version":2,"url":"weather/v2"},{"name":"weather","version":3,"url":"weather/v3"},{"name":"stockQuote","version":2,"url":"stock/v2"}]}"#
        #expect(original != edited)
        try folder.write("services.json", edited)
        let result = shell.run("locate")
        #expect(result.out.contains("+ weather v3 added"))
        #expect(result.out.contains("- stockQuote v1 removed"))
        #expect(result.out.contains("~ weather v1 moved "))
        #expect(result.out.contains("! weather v1 deprecated (sunset 2027-06-30)"))
        #expect(result.err.contains("warning: stockQuote v1 (in use) vanished from the locator; now using v2"))
        #expect(shell.session.facade.workspace.activeVersion(of: "stockQuote")?.description == "v2")
    }
}
