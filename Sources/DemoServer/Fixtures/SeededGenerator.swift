/// SplitMix64 with its own integer and fraction helpers, so generated fixtures are identical on every
/// platform and Swift version (the standard library's `random(in:using:)` makes no such promise).
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
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
