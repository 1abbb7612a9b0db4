import FoundationFree

/// SplitMix64 with its own integer and fraction helpers, so generated fixtures are identical on every
/// platform and Swift version (the standard library's `random(in:using:)` makes no such promise).
struct SeededGenerator {
    private var core: SplitMix64

    init(seed: UInt64) {
        core = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 {
        core.next()
    }

    /// A fraction in [0, 1) with 53 random bits.
    mutating func fraction() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// An integer in `range` (closed).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[int(in: 0...(items.count - 1))]
    }

    /// `count` distinct items in a random order (all of them when there are fewer).
    mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        var chosen: [T] = []
        while chosen.count < count && !pool.isEmpty {
            chosen.append(pool.remove(at: int(in: 0...(pool.count - 1))))
        }
        return chosen
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        fraction() < probability
    }
}
