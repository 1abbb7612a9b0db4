import Declarations
import FoundationFree
import Rendering
import Shell

/// `apish --help` and the manual page, both generated from `ShellArguments.usages` and `.options` (and, for
/// the man page, the command registry), so neither can drift from what the parser accepts.
public enum CommandLineManual {
    package static let title = "apish — an interactive shell for versioned HTTP/JSON APIs"
    static let exitCodes = "exit codes: 0 all passed · 1 a command or expectation failed · 2 usage error"
    /// Help fits 80 columns, as man pages do.
    package static let width = 80

    /// `apish --help`.
    public static var help: String {
        var lines = [title, ""]
        let usageColumn = 32, usagePrefix = "usage: "
        for (position, usage) in ShellArguments.usages.enumerated() {
            let lead = position == 0 ? usagePrefix : String(repeating: " ", count: usagePrefix.count)
            // A synopsis wider than the help goes on under itself, its abstract below it.
            let synopsis = TextWrapper.wrap(usage.synopsis, width: width - usagePrefix.count, hangingIndent: 2)
            let indent = String(repeating: " ", count: usagePrefix.count)
            lines += synopsis.dropLast().enumerated().map { ($0 == 0 ? lead : indent) + $1 }
            lines += columns((synopsis.count == 1 ? lead : indent) + (synopsis.last ?? ""), usage.abstract, at: usagePrefix.count + usageColumn)
        }
        lines += ["", "options:"]
        for option in ShellArguments.options {
            lines += columns("  " + option.synopsis, option.abstract, at: 26)
        }
        lines += ["", exitCodes]
        return lines.joined(separator: "\n")
    }

    /// `label` with `text` beside it from column `at`, wrapped to the help's width.
    package static func columns(_ label: String, _ text: String, at column: Int) -> [String] {
        TextWrapper.columns(label, text, at: column, width: width)
    }
}

extension CommandLineManual {
    /// What `apish completion SHELL` or `apish man` prints, nil when `argv` (without the program's name) is
    /// neither; a script file so named runs as `apish ./man`, as `help` and `serve` do. The registry is made
    /// only when it is needed, so other start-ups pay nothing for it.
    public static func output(for argv: [String], registry: @autoclosure () -> CommandRegistry) throws(ShellArguments.UsageError) -> String? {
        switch argv.first {
        case "completion":
            let parsed = try parse(ShellArguments.completion, Array(argv.dropFirst()))
            guard let shell = parsed[ShellArguments.shell].flatMap(CompletionShell.init(rawValue:)) else { return nil }
            return completionScript(for: shell, registry: registry())
        case "--dump-declarations":
            guard argv.count == 1 else { throw ShellArguments.UsageError(message: "--dump-declarations takes no arguments") }
            return declarations(registry: registry())
        case "man":
            _ = try parse(ShellArguments.man, Array(argv.dropFirst()))
            return manPage(registry: registry())
        default:
            return nil
        }
    }
}

extension CommandLineManual {
    /// `words` read by a subcommand's declaration; a refusal is a usage error naming the subcommand.
    private static func parse(_ declaration: CommandDeclaration, _ words: [String]) throws(ShellArguments.UsageError) -> DeclaredArguments {
        do {
            return try declaration.parse(words)
        } catch {
            throw ShellArguments.UsageError(message: "\(declaration.name): \(error.description); usage: \(declaration.synopsis)")
        }
    }

    /// `apish --dump-declarations`: apish's own command line and every command of `registry`, as JSON.
    public static func declarations(registry: CommandRegistry) -> String {
        DeclarationDump.text(tool: ShellArguments.declaration, commands: registry.commands.map(\.declaration))
    }
}
