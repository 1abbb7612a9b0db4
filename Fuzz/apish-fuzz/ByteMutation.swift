import TestSupport

extension Array where Element == UInt8 {
    /// Byte-level damage: flips, insertions, deletions, duplicated slices and truncation.
    mutating func mutate(using random: inout SeededRandom, dictionary: [[UInt8]]) {
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
