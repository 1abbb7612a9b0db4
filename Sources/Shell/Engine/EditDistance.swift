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
