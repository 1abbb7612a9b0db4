@testable import DemoAPIs
import TestSupport
import Loopback
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

@Suite struct ServiceFacadeStateTests {
    @Test func withoutALocatorEverythingAsksForOne() {
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        #expect(throws: FacadeError.noLocator) { try facade.workspace.use("weather", version: "v1") }
        #expect(throws: FacadeError.noLocator) { try facade.workspace.locate(nil) }
        #expect(throws: FacadeError.noActiveService) { try facade.requests.refresh() }
        #expect(facade.workspace.services.isEmpty)
    }

    @Test func locateReportsTheLoadErrorUnchanged() throws {
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        let error = try #require(throws: FacadeError.self) { try facade.workspace.locate(server.url("/nope.json")) }
        guard case .locator(.load(_, let reason)) = error else {
            Issue.record("expected a locator load error, got \(error)")
            return
        }
        #expect(reason.contains("404"))
        #expect(facade.workspace.locator == nil)
    }

    @Test func unknownServiceSuggestsTheClosestName() throws {
        // GIVEN the demo locator / WHEN a misspelt service is used / THEN did you mean
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let error = try #require(throws: FacadeError.self) { try facade.workspace.use("wether", version: "v2") }
        #expect(error == .unknownService("wether", known: ["weather", "stockQuote", "twit", "meetup"]))
        #expect(error.description == "unknown service 'wether'; did you mean weather?")
    }

    @Test func unknownServiceFarFromAnyNameListsThem() throws {
        let server = try LiveDemoServer()
        let error = try #require(throws: FacadeError.self) { try server.facade().workspace.use("zzzzzzzz", version: "1") }
        #expect(error.description.contains("services: weather, stockQuote, twit, meetup"))
    }

    @Test func unknownVersionListsTheAvailableOnes() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let error = try #require(throws: FacadeError.self) { try facade.workspace.use("WEATHER", version: "v9") }
        #expect(error == .unknownVersion(service: "weather", version: "v9", available: ["v1", "v2"]))
        #expect(error.description == "weather has no version v9; available: v1, v2")
        #expect(throws: FacadeError.self) { try facade.workspace.use("weather", version: "two") }
    }

    @Test func defaultVersionIsTheHighestNotDeprecated() throws {
        // GIVEN the next locator: weather v1 deprecated, v2, v3
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(server.url("/services-next.json"))

        // THEN with no choice made weather runs its highest version, and every service is listed
        #expect(facade.workspace.activeVersion(of: "weather") == (try ServiceVersion.parsed("3")))
        #expect(!facade.workspace.hasChosenVersion(of: "weather"))
        #expect(facade.workspace.services.map(\.name) == ["weather", "stockQuote", "twit", "meetup"])
        #expect(facade.workspace.services.first?.latest == (try ServiceVersion.parsed("3")))
    }

    @Test func useChangesTheCurrentServiceAndItsVersion() throws {
        // GIVEN a fresh facade: no current service
        let server = try LiveDemoServer()
        let facade = try server.facade()
        #expect(facade.workspace.currentService == nil)

        // WHEN a service is used by any spelling / THEN it becomes current under its own name
        let report = try facade.workspace.use("STOCKQUOTE", version: "1")
        #expect(facade.workspace.currentService == "stockQuote")
        #expect(report.entry.url == server.url("/stock/v1"))
        #expect(!report.followsLatest)
        #expect(facade.workspace.activeVersion(of: "stockquote") == (try ServiceVersion.parsed("v1")))
        #expect(facade.workspace.hasChosenVersion(of: "stockQuote"))

        // WHEN another service is refreshed by name / THEN it becomes current
        _ = try facade.requests.refresh("weather")
        #expect(facade.workspace.currentService == "weather")

        // WHEN a version is fetched explicitly / THEN the current service stays
        let explicit = try facade.requests.refresh("stockQuote", version: "2")
        #expect(explicit.service?.description == "stockQuote v2")
        #expect(facade.workspace.currentService == "weather")
        #expect(facade.workspace.activeVersion(of: "stockQuote") == (try ServiceVersion.parsed("1")))
    }

    @Test func useLatestFollowsANewVersionAfterRelocating() throws {
        // GIVEN weather following latest (v2) on the stable locator
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let report = try facade.workspace.use("weather", version: "latest")
        #expect(report.followsLatest)
        #expect(report.entry.version == (try ServiceVersion.parsed("2")))

        // WHEN the next locator is located beside the current one
        let located = try facade.workspace.locate("services-next.json")

        // THEN weather moves to v3, and the change set says what changed
        #expect(located.locator.source == server.url("/services-next.json"))
        #expect(facade.workspace.activeVersion(of: "weather") == (try ServiceVersion.parsed("3")))
        #expect(located.latestMoves.count == 1)
        #expect(located.latestMoves.first?.service == "weather")
        #expect(located.latestMoves.first?.to == (try ServiceVersion.parsed("3")))
        #expect(located.changes?.added.map(\.key.description) == ["weather v3"])
        #expect(located.changes?.newlyDeprecated.map(\.key.description) == ["weather v1"])
        #expect(located.fallbacks.isEmpty)
        #expect(try facade.requests.refresh("weather").displayURL == server.url("/weather/v3"))
    }

    @Test func aDefaultVersionInUseIsKeptWhenANewOneAppears() throws {
        // GIVEN weather refreshed on its default (v2), no version chosen
        let server = try LiveDemoServer()
        let facade = try server.facade()
        _ = try facade.requests.refresh("weather")
        #expect(facade.workspace.activeVersion(of: "weather") == (try ServiceVersion.parsed("2")))

        // WHEN v3 appears / THEN weather stays on v2 until the user asks for latest
        try facade.workspace.locate("services-next.json")
        #expect(facade.workspace.activeVersion(of: "weather") == (try ServiceVersion.parsed("2")))
        try facade.workspace.use("weather", version: "latest")
        #expect(facade.workspace.activeVersion(of: "weather") == (try ServiceVersion.parsed("3")))
    }

    @Test func aVanishedVersionFallsBackAndIsReported() throws {
        // GIVEN weather pinned to v1 and a new locator without weather v1 and without twit
        let server = try LiveDemoServer()
        let facade = try server.facade()
        try facade.workspace.use("twit", version: "1")
        try facade.workspace.use("weather", version: "v1")
        let folder = try ScratchDirectory()
        let path = try folder.write("services.json", LocatorText.document([
            LocatorText.entry("weather", "2", server.url("/weather/v2")),
            LocatorText.entry("weather", "3", server.url("/weather/v3"), extra: #""deprecated":true"#),
        ]))

        // WHEN that locator is loaded
        let report = try facade.workspace.locate(path)

        // THEN weather falls back to its default, twit to nothing, and both are reported
        #expect(facade.workspace.activeVersion(of: "weather") == (try ServiceVersion.parsed("2")))
        let weather = try #require(report.fallbacks.first { $0.service == "weather" })
        #expect(weather.from == (try ServiceVersion.parsed("1")))
        #expect(weather.to == (try ServiceVersion.parsed("2")))
        let twit = try #require(report.fallbacks.first { $0.service == "twit" })
        #expect(twit.to == nil)
        #expect(report.changes?.removed.contains { $0.key.description == "twit v1" } == true)
        #expect(facade.workspace.currentService == "weather")
    }

    @Test func theCurrentServiceIsClearedWhenItsServiceVanishes() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        try facade.workspace.use("twit", version: "1")
        let folder = try ScratchDirectory()
        let path = try folder.write("s.json", LocatorText.document([LocatorText.entry("weather", "2", server.url("/weather/v2"))]))
        try facade.workspace.locate(path)
        #expect(facade.workspace.currentService == nil)
        #expect(throws: FacadeError.noActiveService) { try facade.requests.refresh() }
    }

    @Test func aFailedRefreshKeepsThePreviousModel() throws {
        // GIVEN weather v2 refreshed for Richmond
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let good = try facade.requests.refresh("weather")
        #expect(good.outcome.isSuccess)

        // WHEN a refresh fails (unknown city)
        let bad = try facade.requests.refresh("weather", query: [FormField("city", "Atlantis")])
        #expect(bad.outcome.kind == .requestError)

        // THEN the last exchange is the failure, but the service's last model is still Richmond
        #expect(facade.requests.lastExchange?.status == 404)
        let kept = try #require(facade.workspace.lastExchange(of: "Weather"))
        #expect(kept.status == 200)
        #expect(kept.value(WeatherV2.self)?.city == "Richmond")
        #expect(facade.workspace.lastExchange(of: "weather", version: try .parsed("1")) == nil)
    }

    @Test func aNetworkFailureAfterTheServiceMovedKeepsThePreviousModel() throws {
        // GIVEN stockQuote v2 fetched, then moved by a new locator to a port nobody listens on
        let server = try LiveDemoServer()
        let facade = try server.facade()
        _ = try facade.requests.refresh("stockQuote")
        let port = try #require(ClosedPort.make())
        let folder = try ScratchDirectory()
        let path = try folder.write("s.json", LocatorText.document([
            LocatorText.entry("stockQuote", "2", "http://127.0.0.1:\(port)/stock/v2"),
        ]))
        let report = try facade.workspace.locate(path)
        #expect(report.changes?.moved.map(\.key.description) == ["stockQuote v2"])

        // WHEN refreshed again / THEN network failure, and the old model stays
        let failed = try facade.requests.refresh("stockQuote")
        #expect(failed.outcome.kind == .networkFailure)
        #expect(facade.workspace.lastExchange(of: "stockQuote")?.model?.typeName == "StockV2")
    }

    @Test func useWarnsAboutADeprecatedVersion() throws {
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(server.url("/services-next.json"))
        let report = try facade.workspace.use("weather", version: "1")
        #expect(report.warnings == ["weather v1 is deprecated; sunset 2027-06-30; latest is v3"])
        #expect(try facade.requests.refresh().warnings == report.warnings)
    }

    @Test func relocatingWithoutAnArgumentReloadsTheSameLocator() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let report = try facade.workspace.locate(nil)
        #expect(report.locator.source == server.locatorURL)
        #expect(report.changes?.isEmpty == true)
    }
}
