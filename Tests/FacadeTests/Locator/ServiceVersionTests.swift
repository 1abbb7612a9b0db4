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

    @Test func equalExactlyWhenThePartsUpToTheLastThatCountsAreEqual() {
        // GIVEN 3,000 seeded pairs of part lists (0 to 4 parts of 0 to 2, so that trailing zeros are common)
        // WHEN compared and hashed / THEN equal exactly when the lists with trailing zeros cut (one part kept)
        // are, and equal versions hash alike
        func cut(_ parts: [Int]) -> [Int] {
            var trimmed = parts.isEmpty ? [0] : parts
            while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
            return trimmed
        }
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var equalPairs = 0
        for _ in 0..<3_000 {
            let left = (0..<next(5)).map { _ in next(3) }, right = (0..<next(5)).map { _ in next(3) }
            let a = ServiceVersion(parts: left), b = ServiceVersion(parts: right)
            #expect((a == b) == (cut(left) == cut(right)), "\(left) and \(right)")
            if a == b {
                equalPairs += 1
                #expect(a.hashValue == b.hashValue, "\(left) and \(right)")
            }
        }
        #expect(equalPairs > 100)
        #expect(ServiceVersion(label: "Beta") == ServiceVersion(label: "beta"))
        #expect(ServiceVersion(label: "beta") != ServiceVersion(parts: [0]))
        #expect(ServiceVersion(label: "beta").hashValue == ServiceVersion(label: "BETA").hashValue)
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
