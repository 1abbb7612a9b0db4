@testable import Facade
import Testing

@Suite struct ServiceVersionTests {
    private func version(_ text: String) throws -> ServiceVersion {
        try ServiceVersion.parsed(text)
    }

    @Test(arguments: [("v2", [2]), ("V2", [2]), ("2", [2]), ("2.1", [2, 1]), ("v2.1.3", [2, 1, 3]), (" v10 ", [10])])
    func parsesDottedNumbers(text: String, parts: [Int]) throws {
        // GIVEN a version as people write it / WHEN parsed / THEN its numeric parts come out
        #expect(try version(text).parts == parts)
    }

    @Test(arguments: ["", "v", "vv2", "two", "2.", ".2", "2..1", "v-1", "2a", "v2 beta", "٣", "1e3"])
    func rejectsGarbage(text: String) {
        // GIVEN text that is not a dotted number / WHEN parsed / THEN it is refused
        #expect(ServiceVersion(text) == nil)
    }

    @Test func ordersNumericallyPartByPart() throws {
        // GIVEN versions whose text order differs from their numeric order
        // WHEN compared / THEN numbers win and a longer version sorts after its prefix
        #expect(try version("v2") < version("v10"))
        #expect(try version("v2") < version("v2.1"))
        #expect(try version("v2.1") < version("v2.10"))
        #expect(try version("v2.9") < version("v10"))
        #expect(try !(version("v10") < version("v2")))
        let sorted = try ["v10", "v2.1", "1", "v2"].map(version).sorted()
        #expect(sorted.map(\.description) == ["v1", "v2", "v2.1", "v10"])
    }

    @Test func equalRegardlessOfSpellingAndTrailingZeros() throws {
        // GIVEN the same version spelled differently / WHEN compared and hashed / THEN they are one version
        #expect(try version("2") == version("v2"))
        #expect(try version("v2.0") == version("v2"))
        #expect(try version("V2.0.0") == version("2"))
        #expect(try Set(["2", "v2", "v2.0"].map(version)).count == 1)
        #expect(try version("v2.0") != version("v2.0.1"))
    }

    @Test func showsWithAVAndMajorIsTheFirstPart() throws {
        // GIVEN a bare number / WHEN shown / THEN it reads `v…`; the major is the model's key
        #expect(try version("2.1").description == "v2.1")
        #expect(try version("V3").description == "v3")
        #expect(try version("v2.7").major == 2)
    }

    @Test func serviceKeysMatchNamesCaseInsensitively() throws {
        // GIVEN two keys that differ only in the case of the name / THEN they are the same key
        let lower = ServiceKey(name: "weather", version: try version("2"))
        let upper = ServiceKey(name: "Weather", version: try version("v2.0"))
        #expect(lower == upper)
        #expect(Set([lower, upper]).count == 1)
        #expect(lower != ServiceKey(name: "weather", version: try version("3")))
        #expect(lower.description == "weather v2")
    }
}
