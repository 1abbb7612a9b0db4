import Facade

/// The commands by name and alias; generates `help`, `help CMD` and "did you mean".
public struct CommandRegistry: Sendable {
    public let commands: [any Command]

    public init(_ commands: [any Command]) {
        self.commands = commands
    }

    /// The command named `name` or aliased so (case-insensitive).
    public func command(named name: String) -> (any Command)? {
        let lower = name.lowercased()
        return commands.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// Every name and alias, sorted, for completion.
    public var allNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases }.sorted()
    }

    /// `unknown command 'refesh'; did you mean refresh?`
    public func unknownCommandMessage(_ name: String) -> String {
        guard !name.isEmpty else { return "empty command name; type help for the list" }
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        if let suggestion = Suggestions.closest(to: name, in: allNames) {
            return "unknown command '\(shown)'; did you mean \(suggestion)? (help lists commands)"
        }
        return "unknown command '\(shown)'; type help for the list"
    }

    /// The `help` overview: every command's usage and abstract.
    public var overview: [String] {
        let width = commands.map { $0.name.count }.max() ?? 0
        return commands.map { command in
            command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.abstract
        } + ["", "help CMD shows a command's usage and examples."]
    }

    /// `help CMD`.
    public func help(for command: any Command) -> [String] {
        var lines = ["usage: \(command.usage)", command.abstract]
        if !command.aliases.isEmpty { lines.append("aliases: " + command.aliases.joined(separator: ", ")) }
        if !command.details.isEmpty { lines += [""] + command.details }
        return lines
    }
}
