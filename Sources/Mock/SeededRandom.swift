import FoundationFree

/// A deterministic generator (SplitMix64) seeded from text by FNV-1a, so the mock answers the same value
/// for the same operation and status in every run and on every machine (Swift's `Hasher` is seeded per
/// process, and `Int.random(in:using:)` does not promise its algorithm).
struct SeededRandom {
    private var core: SplitMix64

    init(seed text: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        core = SplitMix64(seed: hash)
    }

    mutating func next() -> UInt64 {
        core.next()
    }

    /// A number in `0..<count` (0 when `count` is not positive).
    mutating func below(_ count: Int) -> Int {
        count > 0 ? Int(next() % UInt64(count)) : 0
    }

    /// A number in `range`, which may span all of `Int`.
    mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        guard span < UInt64.max else { return Int(truncatingIfNeeded: next()) }
        return range.lowerBound &+ Int(truncatingIfNeeded: next() % (span + 1))
    }
}
