import Testing
@testable import Shell

/// Help and "did you mean" come from the commands' own declarations.
@Suite struct CommandRegistryTests {
    let registry = CommandRegistry.standard

    @Test func everyCommandOfTheDesignIsRegistered() {
        for name in ["help", "history", "quit", "exit", "locate", "services", "use", "refresh", "show", "twits", "user",
                     "like", "groups", "location", "get", "post", "put", "patch", "delete", "auth", "header", "set",
                     "vars", "curl", "timing", "verbose"] {
            #expect(registry.command(named: name) != nil, "missing \(name)")
        }
    }

    @Test func namesAreUnique() {
        let names = registry.allNames
        #expect(Set(names).count == names.count)
    }

    @Test func lookupIgnoresCase() {
        #expect(registry.command(named: "REFRESH")?.name == "refresh")
        #expect(registry.command(named: "exit")?.name == "quit")
    }

    @Test func typosGetASuggestion() {
        #expect(registry.unknownCommandMessage("refesh").contains("did you mean refresh?"))
        #expect(registry.unknownCommandMessage("servcies").contains("did you mean services?"))
        #expect(!registry.unknownCommandMessage("zzzzzzzz").contains("did you mean"))
    }

    @Test func absurdNamesGetAShortMessage() {
        #expect(registry.unknownCommandMessage("") == "empty command name; type help for the list")
        let long = registry.unknownCommandMessage(String(repeating: "x", count: 5000))
        #expect(long.count < 120)
    }

    @Test func overviewListsEveryCommandWithItsAbstract() {
        let overview = registry.overview.joined(separator: "\n")
        for command in registry.commands {
            #expect(overview.contains(command.name))
            #expect(overview.contains(command.abstract))
        }
    }

    @Test func helpForACommandShowsUsageAliasesAndExamples() throws {
        let quit = try #require(registry.command(named: "quit"))
        let help = registry.help(for: quit)
        #expect(help.first == "usage: quit")
        #expect(help.contains("aliases: exit"))
        let use = try #require(registry.command(named: "use"))
        #expect(registry.help(for: use).contains("use weather v2"))
    }
}
