/// A small, fast, seedable generator (SplitMix64), so a failing run can be repeated from its seed.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<bound; 0 when bound is 0.
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// True with probability percent/100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A length skewed towards short ones, sometimes long.
    mutating func length(upTo maximum: Int) -> Int {
        switch below(10) {
        case 0..<6: below(min(8, maximum) + 1)
        case 6..<9: below(min(64, maximum) + 1)
        default: below(maximum + 1)
        }
    }
}

extension Array where Element == UInt8 {
    /// Byte-level damage: flips, insertions, deletions, duplicated slices and truncation.
    mutating func mutate(using random: inout FuzzRandom, dictionary: [[UInt8]]) {
        let rounds = 1 + random.below(4)
        for _ in 0..<rounds {
            switch random.below(7) {
            case 0 where !isEmpty:
                self[random.below(count)] = UInt8(truncatingIfNeeded: random.next())
            case 1:
                insert(UInt8(truncatingIfNeeded: random.next()), at: random.below(count + 1))
            case 2 where !isEmpty:
                let start = random.below(count)
                removeSubrange(start..<Swift.min(count, start + 1 + random.below(8)))
            case 3 where !isEmpty:
                let start = random.below(count)
                let slice = self[start..<Swift.min(count, start + 1 + random.below(32))]
                insert(contentsOf: slice, at: random.below(count + 1))
            case 4 where !isEmpty:
                removeLast(random.below(count))
            case 5 where !dictionary.isEmpty:
                insert(contentsOf: random.pick(dictionary), at: random.below(count + 1))
            default:
                if !isEmpty { swapAt(random.below(count), random.below(count)) }
            }
        }
    }
}
