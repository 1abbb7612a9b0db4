import FoundationFree

/// SplitMix64: a small, fast, seedable generator, so generated documents and inputs are the same on every
/// run and platform, and a failing fuzz run can be repeated from its seed. The tests, the fuzzer and the
/// benchmarks' generators all draw from it.
package struct SeededRandom: RandomNumberGenerator {
    private var core: SplitMix64

    package init(seed: UInt64) {
        core = SplitMix64(seed: seed)
    }

    package mutating func next() -> UInt64 {
        core.next()
    }

    /// 0..<bound; 0 when bound is 0.
    package mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// True with probability percent/100.
    package mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    package mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A length skewed towards short ones, sometimes long.
    package mutating func length(upTo maximum: Int) -> Int {
        switch below(10) {
        case 0..<6: below(min(8, maximum) + 1)
        case 6..<9: below(min(64, maximum) + 1)
        default: below(maximum + 1)
        }
    }

    /// A value in 0..<1.
    package mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
