/// "Did you mean" by edit distance.
public enum Suggestions {
    /// The candidate closest to `word` (case-insensitive), if it is close enough to be a likely typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        let scored = candidates.map { ($0, distance(lower, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(3, lower.count / 3 + 1))
        if best.1 <= limit { return best.0 }
        if lower.count >= 2, let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(lower) }) { return prefixed }
        return nil
    }

    /// Levenshtein distance.
    public static func distance(_ a: String, _ b: String) -> Int {
        let left = Array(a), right = Array(b)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        for (i, l) in left.enumerated() {
            var current = [i + 1]
            for (j, r) in right.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1)))
            }
            previous = current
        }
        return previous[right.count]
    }
}
