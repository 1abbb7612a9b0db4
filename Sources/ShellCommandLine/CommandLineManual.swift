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
            lines += columns(lead + usage.synopsis, usage.abstract, at: usagePrefix.count + usageColumn)
        }
        lines += ["", "options:"]
        for option in ShellArguments.options {
            lines += columns("  " + option.synopsis, option.abstract, at: 26)
        }
        lines += ["", exitCodes]
        return lines.joined(separator: "\n")
    }

    /// `label` with `text` beside it from column `at`, wrapped under that column; when the label reaches the
    /// column, the text follows after three spaces if all of it fits there, else under the column on the next line.
    package static func columns(_ label: String, _ text: String, at column: Int) -> [String] {
        guard !text.isEmpty else { return [label] }
        let indent = String(repeating: " ", count: column)
        let labelWidth = DisplayWidth.of(label)
        if labelWidth < column - 1 {
            let wrapped = TextWrapper.wrap(text, width: width - column, hangingIndent: 0)
            return wrapped.enumerated().map { ($0 == 0 ? label.paddedWithSpaces(toLength: column) : indent) + $1 }
        }
        if labelWidth + 3 + DisplayWidth.of(text) <= width { return [label + "   " + text] }
        return [label] + TextWrapper.wrap(text, width: width - column, hangingIndent: 0).map { indent + $0 }
    }
}

extension CommandLineManual {
    /// What `apish completion SHELL` or `apish man` prints, nil when `argv` (without the program's name) is
    /// neither; a script file so named runs as `apish ./man`, as `help` and `serve` do. The registry is made
    /// only when it is needed, so other start-ups pay nothing for it.
    public static func output(for argv: [String], registry: @autoclosure () -> CommandRegistry) throws(ShellArguments.UsageError) -> String? {
        switch argv.first {
        case "completion":
            let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: "|")
            guard argv.count == 2, let shell = CompletionShell(rawValue: argv[1]) else {
                throw ShellArguments.UsageError(message: argv.count < 2
                    ? "completion needs a shell: apish completion \(shells)"
                    : "completion takes one shell, \(shells) (got \(argv.dropFirst().joined(separator: " ")))")
            }
            return completionScript(for: shell, registry: registry())
        case "man":
            guard argv.count == 1 else { throw ShellArguments.UsageError(message: "man takes no arguments") }
            return manPage(registry: registry())
        default:
            return nil
        }
    }
}
