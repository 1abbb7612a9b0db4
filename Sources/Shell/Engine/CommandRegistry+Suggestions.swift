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
