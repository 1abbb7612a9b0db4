@testable import Facade
import Foundation
import Testing

/// Version choices carried across a reload of the locator, as pure logic.
@Suite struct LocatorReconcilerTests {
    private func locator(_ versions: [String]) throws -> Locator {
        let entries = versions.map { LocatorText.entry("weather", $0, "http://h/weather/v\($0)") }
        return try Locator.parse(Data(LocatorText.document(entries).utf8), source: "http://h/services.json")
    }

    @Test func aVersionInUseStaysWhenAHigherOneAppears() throws {
        // GIVEN weather used at its default v2, WHEN v3 appears THEN v2 is pinned, not silently moved
        let outcome = LocatorReconciler(previous: try locator(["1", "2"]), loaded: try locator(["1", "2", "3"]))
            .reconcile(choices: [:], currentService: "weather", isInUse: { _ in true })
        #expect(outcome.choices["weather"] == .pinned(try #require(ServiceVersion("2"))))
        #expect(outcome.fallbacks.isEmpty)
        #expect(outcome.currentService == "weather")
    }

    @Test func aVanishedVersionFallsBackAndIsReported() throws {
        let v1 = try #require(ServiceVersion("1"))
        let outcome = LocatorReconciler(previous: try locator(["1", "2"]), loaded: try locator(["2", "3"]))
            .reconcile(choices: ["weather": .pinned(v1)], currentService: nil, isInUse: { _ in true })
        #expect(outcome.choices["weather"] == nil)
        #expect(outcome.fallbacks.count == 1)
        #expect(outcome.fallbacks.first?.from == v1)
        #expect(outcome.fallbacks.first?.to == ServiceVersion("3"))
    }

    @Test func latestFollowsTheNewHighestAndUnusedServicesAreLeftAlone() throws {
        let following = LocatorReconciler(previous: try locator(["1", "2"]), loaded: try locator(["1", "2", "3"]))
            .reconcile(choices: ["weather": .latest], currentService: nil, isInUse: { _ in true })
        #expect(following.choices["weather"] == .latest)
        #expect(following.latestMoves.first?.to == ServiceVersion("3"))
        let untouched = LocatorReconciler(previous: try locator(["1", "2"]), loaded: try locator(["1", "2", "3"]))
            .reconcile(choices: [:], currentService: nil, isInUse: { _ in false })
        #expect(untouched.choices.isEmpty)
    }
}
