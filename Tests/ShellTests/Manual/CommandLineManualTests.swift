import DemoAPIs
import Foundation
import Testing
@testable import Shell
@testable import Rendering
@testable import ShellCommandLine

/// The completion scripts and the man page against what `help` and the parser know: each is generated from
/// the same declarations, and these tests read the generated text back.
@Suite struct CommandLineManualTests {
    let registry = CommandRegistry.standard.adding(DemoAPIs.bundles)

    /// Every name and alias `help`'s overview lists (its rows start with `name, alias  abstract`).
    var helpNames: Set<String> {
        var names: Set<String> = []
        for line in registry.overview(width: 0) {
            guard let first = line.first, first != " ", let column = line.range(of: "  ") else {
                if line.isEmpty { break }
                continue
            }
            for name in line[..<column.lowerBound].split(separator: ",") {
                names.insert(name.trimmingCharacters(in: .whitespaces))
            }
        }
        return names
    }

    /// The text between `start` and the next `end` on each line that holds `start`.
    func between(_ start: String, _ end: String, in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard let from = line.range(of: start), let to = line[from.upperBound...].range(of: end) else { return nil }
            return String(line[from.upperBound..<to.lowerBound])
        }
    }

    @Test func helpListsTheDemoCommandsToo() {
        // GIVEN the overview of every command  THEN the parse above sees plain names and aliases
        #expect(helpNames.isSuperset(of: ["help", "?", "quit", "exit", "q", "refresh", "r", "twits", "groups", "source", "."]))
        #expect(helpNames.count == registry.allNames.count)
    }

    /// `'a' 'b'` as its words (none holds a quote).
    func singleQuotedWords(_ text: String) -> [String] {
        text.split(separator: " ").map { String($0.dropFirst().dropLast()) }
    }

    @Test func bashOffersEveryCommandHelpLists() throws {
        // WHEN the bash script is generated
        let script = CommandLineManual.completionScript(for: .bash, registry: registry)
        // THEN the words it offers after -c are exactly help's commands and aliases
        let list = try #require(between("_apish_words \"$quote\" \"${2#\"$quote\"}\" ", " ;;", in: script).first)
        #expect(Set(singleQuotedWords(list)) == helpNames)
        // and every option's every spelling is offered
        // (the last such list: the ones before it are the subcommands' options)
        let options = try #require(between("-*) _apish_words '' \"$cur\" ", " ;;", in: script).last)
        #expect(singleQuotedWords(options) == ShellArguments.options.flatMap(\.names))
        // and no name is handed to compgen -W or eval, which would expand `$(…)` in it
        #expect(!script.contains("compgen -W") && !script.contains("eval"))
    }

    @Test func zshOffersEveryCommandHelpLists() {
        let script = CommandLineManual.completionScript(for: .zsh, registry: registry)
        let section = script.components(separatedBy: "_apish_commands() {")[1].components(separatedBy: "_describe")[0]
        let names = between("        '", ":", in: section)
        #expect(Set(names) == helpNames)
        #expect(names.count == helpNames.count)
        for name in ShellArguments.options.flatMap(\.names) {
            #expect(script.contains("'*\(name)["), "zsh misses \(name)")
        }
    }

    @Test func fishOffersEveryCommandHelpLists() {
        let script = CommandLineManual.completionScript(for: .fish, registry: registry)
        #expect(Set(between("printf '%s\\t%s\\n' '", "'", in: script)) == helpNames)
        for option in ShellArguments.options {
            let spelled = option.names.map { $0.hasPrefix("--") ? "-l \($0.dropFirst(2))" : "-s \($0.dropFirst())" }
            #expect(script.contains("complete -c apish " + spelled.joined(separator: " ")), "fish misses \(option.names)")
        }
    }

    @Test func manPageDescribesEveryCommandAndOption() {
        let page = CommandLineManual.manPage(registry: registry)
        // THEN each command's usage is a tagged paragraph of COMMANDS, its aliases named beside it
        let commands = page.components(separatedBy: ".SH COMMANDS")[1].components(separatedBy: ".SH ENVIRONMENT")[0]
        let named = Set(commands.split(separator: "\n").filter { $0.hasPrefix(".B ") }
            .compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) })
        #expect(named == Set(registry.commands.map(\.name)))
        for command in registry.commands where !command.aliases.isEmpty {
            #expect(commands.contains("(aliases: " + command.aliases.joined(separator: ", ").replacingOccurrences(of: "-", with: "\\-") + ")"))
        }
        // and each option's spellings, escaped for roff
        for option in ShellArguments.options {
            #expect(page.contains(option.names.map { "\\fB" + $0.replacingOccurrences(of: "-", with: "\\-") + "\\fR" }.joined(separator: ", ")))
        }
        #expect(page.hasPrefix(".TH APISH 1 "))
        #expect(page.contains("\"apish \(ShellArguments.versionNumber)\""))
    }

    @Test func roffTextIsLiteral() {
        #expect(CommandLineManual.roff(".x -y \\n") == "\\&.x \\-y \\en")
        #expect(CommandLineManual.roff("'a\n.b") == "\\&'a\n\\&.b")
        #expect(CommandLineManual.roff("a … b · ✓ 🙂") == "a \\[u2026] b \\[u00B7] \\[u2713] \\[u1F642]")
    }

    @Test func everyDeclaredOptionIsParsed() {
        // GIVEN each spelling of each option with sample values
        for option in ShellArguments.options {
            for name in option.names {
                let values = option.values.map { value -> String in
                    if case .choices(let words) = value.kind { return words[0] }
                    return "5"
                }
                // WHEN parsed  THEN it is known and given its values (an option may still want others beside it)
                do {
                    _ = try ShellArguments.parse([name] + values)
                } catch {
                    #expect(!error.message.hasPrefix("unknown option") && !error.message.hasSuffix("needs a value"),
                            "\(name): \(error.message)")
                }
            }
        }
        #expect(throws: ShellArguments.UsageError.self) { try ShellArguments.parse(["--locatr", "x"]) }
    }

    @Test func helpShowsEveryOptionWithinEightyColumns() {
        let help = ShellArguments.help
        for option in ShellArguments.options { #expect(help.contains("  " + option.synopsis), "\(option.synopsis)") }
        // a synopsis wider than the help goes on under itself
        let flat = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for usage in ShellArguments.usages { #expect(flat.contains(usage.synopsis)) }
        for line in help.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 80, "\(line)") }
    }

    @Test func subcommandsAreToldFromScripts() throws {
        #expect(try CommandLineManual.output(for: [], registry: registry) == nil)
        #expect(try CommandLineManual.output(for: ["completions.apish"], registry: registry) == nil)
        #expect(try CommandLineManual.output(for: ["-c", "man"], registry: registry) == nil)
        #expect(try CommandLineManual.output(for: ["completion", "zsh"], registry: registry)?.hasPrefix("#compdef apish\n") == true)
        #expect(try CommandLineManual.output(for: ["man"], registry: registry)?.hasPrefix(".TH") == true)
        let missing = try #require(throws: ShellArguments.UsageError.self) { try CommandLineManual.output(for: ["completion"], registry: registry) }
        #expect(missing.message == "completion: missing bash|zsh|fish: the shell the script is for; usage: apish completion bash|zsh|fish")
        let wrong = try #require(throws: ShellArguments.UsageError.self) { try CommandLineManual.output(for: ["completion", "tcsh"], registry: registry) }
        #expect(wrong.message == "completion: expected one of bash, zsh or fish, not 'tcsh'; usage: apish completion bash|zsh|fish")
        let two = try #require(throws: ShellArguments.UsageError.self) { try CommandLineManual.output(for: ["completion", "zsh", "fish"], registry: registry) }
        #expect(two.message == "completion: unexpected argument 'fish'; usage: apish completion bash|zsh|fish")
        #expect(throws: ShellArguments.UsageError.self) { try CommandLineManual.output(for: ["man", "1"], registry: registry) }
    }

    @Test func versionSaysWhatTheStampKnows() {
        let number = ShellArguments.versionNumber
        #expect(ShellArguments.version(commit: "667e782435d36f7110fd59765345b6de0707246d", sourcesModified: false)
                == "apish \(number) (commit 667e782435d3, clean)")
        #expect(ShellArguments.version(commit: "667e782435d36f7110fd59765345b6de0707246d", sourcesModified: true)
                == "apish \(number) (commit 667e782435d3, modified)")
        #expect(ShellArguments.version(commit: "667e78", sourcesModified: nil) == "apish \(number) (commit 667e78, unknown whether modified)")
        #expect(ShellArguments.version(commit: nil, sourcesModified: nil) == "apish \(number) (commit unknown)")
    }
}
