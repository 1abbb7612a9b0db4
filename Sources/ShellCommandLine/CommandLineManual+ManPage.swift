import Declarations
import FoundationFree
import Shell

extension CommandLineManual {
    /// `apish man`: the manual page in roff (man(7) macros), from the usages, the options and the commands of
    /// `registry` (the shell's own and every bundle's) — what `help` lists.
    public static func manPage(registry: CommandRegistry) -> String {
        let builtIn = Set(registry.available(with: []).commands.map(\.name))
        var page = [
            ".TH APISH 1 \"\" \"apish \(ShellArguments.versionNumber)\" \"User Commands\"",
            ".SH NAME",
            "apish \\- an interactive shell for versioned HTTP/JSON APIs",
            ".SH SYNOPSIS",
        ]
        for usage in ShellArguments.usages {
            page += [".TP", ".B " + roff(usage.synopsis), roff(usage.abstract.isEmpty ? " " : usage.abstract)]
        }
        page += [
            ".SH DESCRIPTION",
            roff("apish loads a service locator (a JSON list of services, their versions and URLs; or an OpenAPI "
                 + "document), switches the version of each service live, fetches and decodes the active version, "
                 + "sends raw requests, compares versions, and replays command scripts with assertions. Without "
                 + "--locator (or $APISH_LOCATOR) it starts its embedded demo API on 127.0.0.1."),
            ".SH OPTIONS",
        ]
        page += arguments(of: ShellArguments.declaration)
        for subcommand in ShellArguments.declaration.subcommands where !subcommand.options.isEmpty || !subcommand.positionals.isEmpty {
            page += [".SS " + roff(subcommand.invocation)]
            page += arguments(of: subcommand)
        }
        page += [".SH COMMANDS", roff("Typed at the prompt, given with -c, or one per line of a script. "
                                      + "help CMD shows a command's usage and examples.")]
        for command in registry.commands {
            var text = command.abstract
            if !command.aliases.isEmpty { text += " (aliases: " + command.aliases.joined(separator: ", ") + ")" }
            if !builtIn.contains(command.name) { text += " Offered while the locator has its demo service." }
            page += [".TP", ".B " + roff(command.usage), roff(text)]
            let declaration = command.declaration
            let arguments = arguments(of: declaration) + declaration.subcommands.flatMap(arguments(of:))
            if !arguments.isEmpty { page += [".RS"] + arguments + [".RE"] }
        }
        page += [
            ".SH ENVIRONMENT",
            ".TP", ".B APISH_LOCATOR", roff("the locator when --locator is not given"),
            ".TP", ".B APISH_PROFILE", roff("the profile when --profile is not given"),
            ".TP", ".B NO_COLOR", roff("when set and not empty, no colour"),
            ".TP", ".B XDG_CONFIG_HOME, XDG_STATE_HOME, XDG_CACHE_HOME",
            roff("where profiles and credentials, history and tokens, and fetched API documents are kept"),
            ".SH FILES",
            ".TP", ".I $XDG_STATE_HOME/apish/history", roff("the prompt's history (mode 0600, secrets masked)"),
            ".TP", ".I $XDG_CONFIG_HOME/apish/profiles/NAME.json", roff("saved profiles (no secrets)"),
            ".TP", ".I $XDG_CONFIG_HOME/apish/credentials.json", roff("secrets of profiles (mode 0600)"),
            ".TP", ".I $XDG_CACHE_HOME/apish/", roff("fetched API documents, revalidated by ETag and Last-Modified"),
            ".SH EXIT STATUS",
            roff(exitCodes.replacingAll("exit codes: ", with: "")),
            ".SH SEE ALSO",
            ".BR curl (1)",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    /// A tagged paragraph for each of the command's positionals and options that has a help line.
    static func arguments(of command: CommandDeclaration) -> [String] {
        var lines: [String] = []
        for positional in command.positionals where !positional.help.isEmpty {
            lines += [".TP", "\\fI" + roff(positional.placeholder) + "\\fR", roff(positional.help)]
        }
        for option in command.options where !option.help.isEmpty {
            let names = option.names.map { "\\fB" + roff($0) + "\\fR" }.joined(separator: ", ")
            let values = option.values.map { " \\fI" + roff($0.placeholder) + "\\fR" }.joined()
            lines += [".TP", names + values, roff(option.help)]
        }
        return lines
    }

    /// Text as roff reads it literally: backslashes and hyphens escaped, a character past ASCII named by its
    /// code point (`\[u2026]`: troff reads bytes, not UTF-8), and a line that would start with a control
    /// character (`.` or `'`) guarded.
    static func roff(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped.replacingAll("\n.", with: "\n\\&.").replacingAll("\n'", with: "\n\\&'")
    }
}
