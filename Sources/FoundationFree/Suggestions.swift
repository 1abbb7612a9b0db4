/// "Did you mean": the one rule behind every suggestion for a mistyped name (commands, services,
/// operations, parameters, body fields).
///
/// Names are compared ignoring case. A candidate is suggested when
/// - it is within `max(1, length / 3)` edits of what was typed, counting an insertion, a deletion, a
///   substitution or a swap of two neighbours as one edit (`servcies` → services, `refesh` → refresh,
///   `limt` → limit); the closest wins, ties going to the alphabetically first;
/// - else it is the only candidate that starts with what was typed (`hist` → history).
///
/// A single typed character gets only the prefix match, and a one-character candidate is offered only
/// when it is what was typed in another case: one character is one edit from every short name, so
/// otherwise `x` would be told "did you mean q?".
public enum Suggestions {
    /// A name that can be suggested, and the other spellings that lead to it. A near miss of a spelling
    /// suggests that spelling; a prefix of one counts once per candidate, so that a command's name and
    /// its alias do not make a prefix ambiguous.
    public struct Candidate: Sendable, Equatable {
        public var name: String
        public var aliases: [String]

        public init(_ name: String, aliases: [String] = []) {
            self.name = name
            self.aliases = aliases
        }
    }

    /// Longer words get no suggestion: no name is that long, and the edit distance is quadratic.
    public static let longestWord = 256

    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        closest(to: word, among: candidates.map { Candidate($0) })
    }

    /// The spelling closest to `word` among the candidates' names and aliases, else the one candidate
    /// whose name or an alias starts with it.
    public static func closest(to word: String, among candidates: [Candidate]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty, typed.count <= longestWord else { return nil }
        let spellings = candidates.flatMap { candidate in
            ([candidate.name] + candidate.aliases).map { (candidate: candidate.name, spelling: $0, lower: Array($0.lowercased())) }
        }
        if typed.count > 1 {
            let limit = maximumEdits(forLength: typed.count)
            var best: (distance: Int, spelling: String)?
            for entry in spellings where entry.lower.count > 1 || entry.lower == typed {
                guard abs(entry.lower.count - typed.count) <= limit else { continue }
                let distance = distance(typed, entry.lower)
                guard distance <= limit else { continue }
                if let current = best, (current.distance, current.spelling) <= (distance, entry.spelling) { continue }
                best = (distance, entry.spelling)
            }
            if let best { return best.spelling }
        }
        let prefixed = Set(spellings.filter { $0.lower.starts(with: typed) }.map(\.candidate))
        return prefixed.count == 1 ? prefixed.first : nil
    }

    /// How many edits a typed word of this many characters may be from what it meant.
    public static func maximumEdits(forLength length: Int) -> Int { max(1, length / 3) }

    /// Insertions, deletions, substitutions and transpositions of neighbours, each counting one (the
    /// optimal string alignment form of Damerau–Levenshtein: a transposed pair is not edited again).
    /// Case matters here; `closest` lowers both sides first.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a), Array(b))
    }

    static func distance(_ left: [Character], _ right: [Character]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var beforePrevious = [Int](repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    best = min(best, beforePrevious[j - 2] + 1)
                }
                current[j] = best
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[right.count]
    }
}
