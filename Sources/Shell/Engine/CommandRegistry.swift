import Declarations
import Facade
import FoundationFree
import Rendering

/// The commands by name and alias; generates `help`, `help CMD` and "did you mean".
public struct CommandRegistry: Sendable {
    public let commands: [any Command]
    /// Per command: the service of the bundle that brought it, nil for the shell's own.
    private let owners: [String?]

    /// The position in `commands` of the first command with each name or alias.
    private let positions: [String: Int]
    /// Per command: itself as a judge of the request before it (`expect`), nil for any other; found once
    /// here, not on every line.
    private let judges: [(any RequestOutcomeJudge)?]

    public init(_ commands: [any Command], owners: [String?] = []) {
        self.commands = commands
        self.owners = commands.indices.map { $0 < owners.count ? owners[$0] : nil }
        judges = commands.map(\.outcomeJudge)
        var positions: [String: Int] = [:]
        for (position, command) in commands.enumerated() {
            // A name is looked up in lower case: one declared otherwise could never be found.
            for name in [command.name] + command.aliases where positions[name] == nil && name == name.lowercased() {
                positions[name] = position
            }
        }
        self.positions = positions
    }

    /// These commands and every bundle's, each bundle's marked as its service's.
    public func adding(_ bundles: [APIBundle]) -> CommandRegistry {
        var commands = self.commands
        var owners = self.owners
        for bundle in bundles {
            commands += bundle.commands
            owners += bundle.commands.map { _ in bundle.service.lowercased() }
        }
        return CommandRegistry(commands, owners: owners)
    }

    /// The commands a session offers with these services in its locator: the shell's own, and a bundle's
    /// only while its service is there (what `help`, completion and "did you mean" list).
    public func available(with services: [String]) -> CommandRegistry {
        let present = Set(services.map { $0.lowercased() })
        let kept = commands.indices.filter { owners[$0].map(present.contains) ?? true }
        return CommandRegistry(kept.map { commands[$0] }, owners: kept.map { owners[$0] })
    }

    /// The command named `name` or aliased so (case-insensitive).
    public func command(named name: String) -> (any Command)? {
        position(of: name).map { commands[$0] }
    }

    /// `command(named:)` with what the engine asks of the command on every line.
    func lookup(_ name: String) -> (command: any Command, expectation: (any RequestOutcomeJudge)?)? {
        guard let position = position(of: name) else { return nil }
        return (commands[position], judges[position])
    }

    /// Where the command named so is: as typed (names are declared in lower case, as they are mostly
    /// typed), else in lower case.
    private func position(of name: String) -> Int? {
        positions[name] ?? positions[name.lowercased()]
    }

    /// Every name and alias, sorted, for completion.
    public var allNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases }.sorted()
    }

    /// `unknown command 'refesh'; did you mean refresh?`
    public func unknownCommandMessage(_ name: String) -> String {
        guard !name.isEmpty else { return "empty command name; type help for the list" }
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        if let suggestion = suggestion(for: name) {
            return "unknown command '\(shown)'; did you mean \(suggestion)? (help lists commands)"
        }
        return "unknown command '\(shown)'; type help for the list"
    }

    /// Help is kept inside this many columns even on a wider terminal, as man pages are.
    public static let helpWidth = 80

    /// Help fits the terminal and never goes past 80 columns (nor on a pipe); `--json` keeps each row whole.
    package static func helpWidth(for options: ShellOptions) -> Int {
        guard !options.json else { return 0 }
        let terminal = options.width()
        return terminal > 0 ? min(terminal, helpWidth) : helpWidth
    }

    /// The `help` overview at 80 columns.
    public var overview: [String] { overview(width: Self.helpWidth) }

    /// The `help` overview: each command with its aliases (`quit, exit, q`) and abstract, the abstract
    /// wrapped at words under its column to fit `width` (≤ 0: one line per command).
    public func overview(width: Int) -> [String] {
        let names = commands.map { ([$0.name] + $0.aliases).joined(separator: ", ") }
        let nameWidth = names.map { DisplayWidth.of($0) }.max() ?? 0
        let rows = zip(names, commands).flatMap { name, command in
            let abstract = TextWrapper.wrap(command.abstract, width: width > 0 ? max(width - nameWidth - 2, 20) : 0, hangingIndent: 0)
            return abstract.enumerated().map { index, line in
                (index == 0 ? name.paddedWithSpaces(toLength: nameWidth) : String(repeating: " ", count: nameWidth))
                    + "  " + line
            }
        }
        return rows + ["", "help CMD shows a command's usage and examples."] + TextWrapper.wrap(Self.outputNote, width: width)
    }

    /// How output goes into pipes and files, and what stays masked there.
    static let outputNote = "Output: COMMAND | SHELL-COMMAND pipes it to /bin/sh, COMMAND > FILE writes it to FILE "
        + "(>> FILE appends); a request writes its body's bytes. Secrets stay masked on a terminal and in a pipe, "
        + "but a body saved with > FILE is saved as it came, secrets and all."

    /// `help CMD` at 80 columns.
    public func help(for command: any Command) -> [String] {
        help(for: command, width: Self.helpWidth)
    }

    /// A command's examples with `{service}` standing for a service of the session.
    package static func examples(_ details: [String], service: String) -> [String] {
        details.map { $0.replacingAll("{service}", with: service) }
    }

    /// `help CMD`: usage (alternatives packed at `|`), abstract, aliases and examples, fitted to `width`
    /// (≤ 0: not wrapped).
    public func help(for command: any Command, width: Int, exampleService: String = "SERVICE") -> [String] {
        var lines = usageLines(command.usage, width: width)
        lines += TextWrapper.wrap(command.abstract, width: width)
        if !command.aliases.isEmpty {
            lines += TextWrapper.wrap("aliases: " + command.aliases.joined(separator: ", "), width: width)
        }
        let arguments = Self.argumentRows(command.declaration)
        if !arguments.isEmpty { lines += [""] + arguments.flatMap { TextWrapper.columns("  " + $0.label, $0.help, at: 24, width: width) } }
        if !command.details.isEmpty { lines += [""] + Self.examples(command.details, service: exampleService).flatMap { TextWrapper.wrap($0, width: width) } }
        return lines
    }

    /// Each positional and option the command (and its subcommands) declares a help line for, as `help CMD`,
    /// the man page and the completion scripts show it.
    package static func argumentRows(_ declaration: CommandDeclaration) -> [(label: String, help: String)] {
        var seen = Set<String>()
        return ([declaration] + declaration.subcommands).flatMap { command in
            command.positionals.map { (label: $0.placeholder, help: $0.help) } + command.options.map { (label: $0.synopsis, help: $0.help) }
        }.filter { !$0.help.isEmpty && seen.insert($0.label + "\u{0}" + $0.help).inserted }
    }

    /// `usage: A | B | C`, continued under the first alternative after a `|` when it does not fit.
    private func usageLines(_ usage: String, width: Int) -> [String] {
        let prefix = "usage: "
        let indent = String(repeating: " ", count: prefix.count)
        let alternatives = usage.split(separator: " | ", omittingEmptySubsequences: false).map(String.init)
        guard width > 0, let first = alternatives.first else { return [prefix + usage] }
        var lines: [String] = []
        var line = prefix + first
        for (position, alternative) in alternatives.enumerated().dropFirst() {
            // Room is kept for the ` |` that ends a line when more alternatives follow.
            let trailer = position < alternatives.count - 1 ? " |" : ""
            if DisplayWidth.of(line + " | " + alternative + trailer) <= width {
                line += " | " + alternative
            } else {
                lines.append(line + " |")
                line = indent + alternative
            }
        }
        lines.append(line)
        return lines.flatMap { TextWrapper.wrap($0, width: width, hangingIndent: prefix.count) }
    }
}
