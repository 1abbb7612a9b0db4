import DemoAPIs
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// `locate` again: active versions that still exist are kept, vanished ones fall back and are reported,
/// `latest` followers move. Locators are plain files, so no server is needed.
@Suite struct VersionLocateFallbackTests {
    let directory: String
    let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)

    init() throws {
        directory = NSTemporaryDirectory() + "apish-locate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Writes a locator document with the given entries (name, version, extra JSON members).
    func locator(_ file: String, _ entries: [(String, Int, String)]) throws -> String {
        let items = entries.map { name, version, extra in
            "{\"name\":\"\(name)\",\"version\":\(version),\"url\":\"http://h/\(name)/v\(version)\"\(extra)}"
        }
        let path = directory + "/" + file
        try Data("{\"services\":[\(items.joined(separator: ","))]}".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func version(_ text: String) throws -> ServiceVersion {
        try #require(ServiceVersion(text))
    }

    @Test func anUntouchedServiceFollowsTheNewDocument() throws {
        // GIVEN weather v1, v2 and nothing used yet (v2 is the default)
        try facade.workspace.locate(try locator("a.json", [("weather", 1, ""), ("weather", 2, "")]))
        #expect(facade.workspace.activeVersion(of: "weather") == (try version("v2")))
        // WHEN v3 appears and v1 is deprecated
        let report = try facade.workspace.locate(try locator("b.json", [
            ("weather", 1, ",\"deprecated\":true,\"sunset\":\"2027-06-30\""), ("weather", 2, ""), ("weather", 3, ""),
        ]))
        // THEN the change set says so, and the default is now v3
        let changes = try #require(report.changes)
        #expect(changes.added.map(\.key.description) == ["weather v3"])
        #expect(changes.newlyDeprecated.map(\.key.description) == ["weather v1"])
        #expect(changes.lines.contains("! weather v1 deprecated (sunset 2027-06-30)"))
        #expect(report.fallbacks.isEmpty)
        #expect(facade.workspace.activeVersion(of: "weather") == (try version("v3")))
    }

    @Test func aVanishedActiveVersionFallsBackAndIsReported() throws {
        try facade.workspace.locate(try locator("a.json", [("weather", 1, ""), ("weather", 2, ""), ("stock", 1, "")]))
        try facade.workspace.use("weather", version: "v1")
        let report = try facade.workspace.locate(try locator("b.json", [("weather", 2, ""), ("weather", 3, "")]))
        // stock was never used: its removal is in the change set, not a fallback
        #expect(report.fallbacks.count == 1)
        let weather = try #require(report.fallbacks.first)
        #expect(weather.service == "weather")
        #expect(weather.from == (try version("v1")))
        #expect(weather.to == (try version("v3")))
        #expect(facade.workspace.activeVersion(of: "weather") == (try version("v3")))
        #expect(report.changes?.removed.map(\.key.description).sorted() == ["stock v1", "weather v1"])
    }

    @Test func aServiceInUseThatIsGoneEntirelyFallsBackToNothing() throws {
        try facade.workspace.locate(try locator("a.json", [("weather", 1, ""), ("stock", 1, "")]))
        try facade.workspace.use("stock", version: "v1")
        let report = try facade.workspace.locate(try locator("b.json", [("weather", 1, "")]))
        #expect(report.fallbacks.map(\.service) == ["stock"])
        #expect(report.fallbacks.first?.to == nil)
        #expect(facade.workspace.currentService == nil)
    }

    @Test func aMovedURLIsAChangeNotAFallback() throws {
        try facade.workspace.locate(try locator("a.json", [("weather", 1, "")]))
        let path = directory + "/b.json"
        try Data(#"{"services":[{"name":"weather","version":1,"url":"http://other/weather"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let report = try facade.workspace.locate(path)
        #expect(report.changes?.moved.map(\.to) == ["http://other/weather"])
        #expect(report.changes?.lines.contains("~ weather v1 moved http://h/weather/v1 → http://other/weather") == true)
        #expect(report.fallbacks.isEmpty)
    }

    @Test func latestFollowsTheHighestVersionAcrossLocates() throws {
        try facade.workspace.locate(try locator("a.json", [("weather", 1, ""), ("weather", 2, "")]))
        try facade.workspace.use("weather", version: "latest")
        let report = try facade.workspace.locate(try locator("b.json", [("weather", 1, ""), ("weather", 2, ""), ("weather", 3, "")]))
        #expect(report.latestMoves.map { "\($0.service) \($0.from) → \($0.to)" } == ["weather v2 → v3"])
        #expect(facade.workspace.activeVersion(of: "weather") == (try version("v3")))
        #expect(facade.workspace.services.first { $0.name == "weather" }?.followsLatest == true)
    }
}
