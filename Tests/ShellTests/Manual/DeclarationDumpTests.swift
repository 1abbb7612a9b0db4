import DemoAPIs
import Foundation
import Testing
@testable import Shell
@testable import ShellCommandLine

/// The one dump of the declarations (`apish --dump-declarations`) walked, and each command, subcommand,
/// positional and option it declares looked for, with the same help, in `help`, the man page and the three
/// completion scripts: none of them is written by hand beside the declarations.
@Suite struct DeclarationDumpTests {
    let registry = CommandRegistry.standard.adding(DemoAPIs.bundles)

    struct Declared {
        let name: String
        let aliases: [String]
        let abstract: String
        let positionals: [(placeholder: String, help: String)]
        let options: [(names: [String], help: String)]
        let subcommands: [Declared]

        init(_ json: [String: Any]) {
            name = json["name"] as? String ?? ""
            aliases = json["aliases"] as? [String] ?? []
            abstract = json["abstract"] as? String ?? ""
            positionals = (json["positionals"] as? [[String: Any]] ?? []).map {
                ($0["placeholder"] as? String ?? "", $0["help"] as? String ?? "")
            }
            options = (json["options"] as? [[String: Any]] ?? []).map { ($0["names"] as? [String] ?? [], $0["help"] as? String ?? "") }
            subcommands = (json["subcommands"] as? [[String: Any]] ?? []).map(Declared.init)
        }
    }

    func dump() throws -> (tool: Declared, commands: [Declared]) {
        let text = CommandLineManual.declarations(registry: registry)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let tool = Declared(try #require(json["tool"] as? [String: Any]))
        let commands = try #require(json["shellCommands"] as? [[String: Any]]).map(Declared.init)
        return (tool, commands)
    }

    /// Text with its runs of spaces and line breaks as one space: help wraps its columns.
    func flat(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    func roff(_ text: String) -> String { CommandLineManual.roff(text) }
    func zshBracket(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }
    func zshDescribe(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
    }
    func single(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    func fish(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
    func fishNames(_ names: [String]) -> String {
        names.map { $0.hasPrefix("--") ? " -l " + $0.dropFirst(2) : " -s " + $0.dropFirst() }.joined()
    }

    @Test func apishsOwnOptionsAndSubcommandsAreEverywhereWithTheirHelp() throws {
        // GIVEN the dump, the help, the man page and the three scripts
        let (tool, _) = try dump()
        let help = flat(ShellArguments.help)
        let man = CommandLineManual.manPage(registry: registry)
        let bash = CommandLineManual.completionScript(for: .bash, registry: registry)
        let zsh = CommandLineManual.completionScript(for: .zsh, registry: registry)
        let fishScript = CommandLineManual.completionScript(for: .fish, registry: registry)
        #expect(tool.options.count == ShellArguments.options.count && !tool.subcommands.isEmpty)
        // THEN each option of apish is in each, with its help where the format has room for one
        for option in tool.options {
            #expect(!option.help.isEmpty, "\(option.names) has no help")
            #expect(help.contains(flat(option.help)), "help misses \(option.names)")
            #expect(man.contains(option.names.map { "\\fB" + roff($0) + "\\fR" }.joined(separator: ", ")) && man.contains(roff(option.help)),
                    "man misses \(option.names)")
            for name in option.names {
                #expect(bash.contains(single(name)), "bash misses \(name)")
                #expect(zsh.contains(single("*" + name + "[" + zshBracket(option.help) + "]").dropLast()), "zsh misses \(name)")
            }
            #expect(fishScript.contains("complete -c apish" + fishNames(option.names)) && fishScript.contains("-d " + fish(option.help)),
                    "fish misses \(option.names)")
        }
        // and each subcommand, with its abstract, and its own positionals and options with theirs
        for subcommand in tool.subcommands {
            let own = try #require(ShellArguments.declaration.subcommand(named: subcommand.name)).help
            #expect(help.contains("apish " + subcommand.name) && help.contains(flat(subcommand.abstract)), "help misses \(subcommand.name)")
            #expect(man.contains(roff(subcommand.abstract)), "man misses \(subcommand.name)")
            #expect(bash.contains("            " + subcommand.name + ")"), "bash misses \(subcommand.name)")
            #expect(zsh.contains(single(subcommand.name + ":" + subcommand.abstract)), "zsh misses \(subcommand.name)")
            #expect(fishScript.contains("-a " + subcommand.name + " -d " + fish(subcommand.abstract)), "fish misses \(subcommand.name)")
            for positional in subcommand.positionals {
                #expect(!positional.help.isEmpty && man.contains(roff(positional.help)) && own.contains(positional.help),
                        "\(subcommand.name) \(positional.placeholder)")
            }
            for option in subcommand.options {
                #expect(!option.help.isEmpty && man.contains(roff(option.help)) && own.contains(option.help), "\(subcommand.name) \(option.names)")
                for name in option.names {
                    #expect(bash.contains(single(name)), "bash misses \(subcommand.name) \(name)")
                    #expect(zsh.contains(single(zshDescribe(name) + ":" + option.help)), "zsh misses \(subcommand.name) \(name)")
                }
                #expect(fishScript.contains(fish("__fish_seen_subcommand_from " + subcommand.name) + fishNames(option.names))
                        && fishScript.contains("-d " + fish(option.help)), "fish misses \(subcommand.name) \(option.names)")
            }
        }
    }

    @Test func shellCommandsAreEverywhereWithTheirHelp() throws {
        // GIVEN the dump's shell commands
        let (_, commands) = try dump()
        #expect(commands.map(\.name) == registry.commands.map(\.name))
        let overview = registry.overview(width: 0).joined(separator: "\n")
        let man = CommandLineManual.manPage(registry: registry)
        let bash = CommandLineManual.completionScript(for: .bash, registry: registry)
        let zsh = CommandLineManual.completionScript(for: .zsh, registry: registry)
        let fishScript = CommandLineManual.completionScript(for: .fish, registry: registry)
        for command in commands {
            // THEN each, by its every name, is in help, the man page and the scripts, with its abstract
            #expect(overview.contains(command.abstract), "help misses \(command.name)")
            #expect(man.contains(roff(command.abstract)), "man misses \(command.name)")
            for name in [command.name] + command.aliases {
                #expect(bash.contains(single(name)), "bash misses \(name)")
                #expect(zsh.contains(single(zshDescribe(name) + ":" + command.abstract)), "zsh misses \(name)")
                #expect(fishScript.contains("printf '%s\\t%s\\n' " + fish(name) + " " + fish(command.abstract)), "fish misses \(name)")
            }
            // and each subcommand has an abstract, and each argument a help line, which `help CMD`, the man page
            // and the zsh and fish scripts show (a positional is a message in zsh; fish shows only candidates)
            let found = try #require(registry.command(named: command.name))
            let shown = flat(registry.help(for: found, width: 0).joined(separator: "\n"))
            let declared = [command] + command.subcommands
            for subcommand in command.subcommands {
                #expect(!subcommand.abstract.isEmpty, "\(command.name) \(subcommand.name) has no abstract")
            }
            for positional in declared.flatMap(\.positionals) {
                #expect(!positional.help.isEmpty,
                        "\(command.name) \(positional.placeholder) has no help")
                guard !positional.help.isEmpty else { continue }
                #expect(shown.contains(flat(positional.help)), "help \(command.name) misses \(positional.help)")
                #expect(man.contains(roff(positional.help)), "man misses \(command.name): \(positional.help)")
                #expect(zsh.contains(single(positional.placeholder + ": " + positional.help)), "zsh misses \(command.name) \(positional.placeholder)")
            }
            for option in declared.flatMap(\.options) {
                #expect(!option.help.isEmpty, "\(command.name) \(option.names) has no help")
                guard !option.help.isEmpty else { continue }
                #expect(shown.contains(flat(option.help)), "help \(command.name) misses \(option.help)")
                #expect(man.contains(roff(option.help)), "man misses \(command.name): \(option.help)")
                for name in option.names {
                    #expect(zsh.contains(single(zshDescribe(name) + ":" + option.help)), "zsh misses \(command.name) \(name)")
                    #expect(fishScript.contains(" $typed " + fish(name) + " " + fish(option.help)), "fish misses \(command.name) \(name)")
                }
            }
        }
    }

}
