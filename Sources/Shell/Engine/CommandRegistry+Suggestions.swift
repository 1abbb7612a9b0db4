extension CommandRegistry {
    /// The command a mistyped name most likely meant, if one is similar enough to be worth saying.
    ///
    /// - a name or alias within `max(1, length / 3)` edits, counting a swap of two neighbours as one
    ///   edit (`servcies` → services, `refesh` → refresh);
    /// - else the only command whose name or alias starts with what was typed (`hist` → history).
    ///
    /// A single character gets only the prefix match (it is one edit from every short name), and the
    /// one-character aliases (`.`, `?`, `q`) are never suggested for the same reason: before this rule
    /// `q`, `x`, `h`, `e`, `s` and `u` were all told "did you mean .?".
    public func suggestion(for typed: String) -> String? {
        let word = typed.lowercased()
        guard !word.isEmpty else { return nil }
        let named = commands.flatMap { command in
            ([command.name] + command.aliases).filter { $0.count > 1 }.map { (command.name, $0) }
        }
        if word.count > 1 {
            let limit = max(1, word.count / 3)
            let scored = named.map { (name: $0.1, distance: EditDistance.damerauLevenshtein(word, $0.1)) }
            if let best = scored.filter({ $0.distance <= limit }).min(by: { ($0.distance, $0.name) < ($1.distance, $1.name) }) {
                return best.name
            }
        }
        let prefixed = Set(named.filter { $0.1.hasPrefix(word) }.map(\.0))
        return prefixed.count == 1 ? prefixed.first : nil
    }
}

/// How many single-character edits turn one word into another.
enum EditDistance {
    /// Insertions, deletions, substitutions and transpositions of neighbours, each counting one (the
    /// optimal string alignment form of Damerau–Levenshtein: a transposed pair is not edited again).
    static func damerauLevenshtein(_ a: String, _ b: String) -> Int {
        let left = Array(a), right = Array(b)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var table = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
        for i in 0...left.count { table[i][0] = i }
        for j in 0...right.count { table[0][j] = j }
        for i in 1...left.count {
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[left.count][right.count]
    }
}
