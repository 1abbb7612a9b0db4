import FoundationFree

extension CommandRegistry {
    /// The command a mistyped name most likely meant, by the rule every suggestion follows
    /// (`Suggestions`): a near miss of a name or alias (`servcies` → services, `exti` → exit), else the
    /// only command that a name or alias of starts with what was typed (`hist` → history).
    public func suggestion(for typed: String) -> String? {
        Suggestions.closest(to: typed, among: commands.map { Suggestions.Candidate($0.name, aliases: $0.aliases) })
    }
}
