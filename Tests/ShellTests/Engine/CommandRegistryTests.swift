import Testing
import DemoAPIs
@testable import Shell
@testable import Rendering
import Scripts

/// Help and "did you mean" come from the commands' own declarations.
@Suite struct CommandRegistryTests {
    let registry = CommandRegistry.standard.adding(DemoAPIs.bundles)

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
        let overview = registry.overview(width: 0).joined(separator: "\n")
        for command in registry.commands {
            #expect(overview.contains(command.name))
            #expect(overview.contains(command.abstract))
        }
    }

    @Test func helpForACommandShowsUsageAliasesAndExamples() throws {
        let quit = try #require(registry.command(named: "quit"))
        let help = registry.help(for: quit)
        #expect(help.first == "usage: quit")
        #expect(help.contains("aliases: exit, q"))
        let use = try #require(registry.command(named: "use"))
        #expect(registry.help(for: use).contains("use SERVICE v2"))
        #expect(registry.help(for: use, width: 80, exampleService: "weather").contains("use weather v2"))
    }

    @Test(arguments: ["x", "h", "e", "s", "u", "z", "zz", "xyzzy", "qwertyuiop"])
    func nothingIsSuggestedForInputThatResemblesNoCommand(_ typed: String) {
        #expect(registry.suggestion(for: typed) == nil)
        #expect(registry.unknownCommandMessage(typed) == "unknown command '\(typed)'; type help for the list")
    }

    @Test func typosWithinAThirdOfTheirLengthAreSuggested() {
        #expect(registry.suggestion(for: "refesh") == "refresh")
        #expect(registry.suggestion(for: "servcies") == "services")  // a swap counts as one edit
        #expect(registry.suggestion(for: "hepl") == "help")
        #expect(registry.suggestion(for: "exti") == "exit")
        #expect(registry.suggestion(for: "SERVICS") == "services")
    }

    @Test func aUniquePrefixIsSuggestedButNotAnAmbiguousOne() {
        #expect(registry.suggestion(for: "hist") == "history")
        #expect(registry.suggestion(for: "qu") == "quit")
        #expect(registry.suggestion(for: "gr") == "groups")
        #expect(registry.suggestion(for: "he") == nil)  // help, header, history
    }

    @Test func oneCharacterAliasesAreNeverSuggested() {
        for typed in ["a", "b", "c", "..", "??", "qq"] {
            let suggestion = registry.suggestion(for: typed)
            #expect(suggestion.map { $0.count > 1 } ?? true, "\(typed) → \(suggestion ?? "")")
        }
    }

    @Test func qQuitsAndQuestionMarkHelps() {
        #expect(registry.command(named: "q")?.name == "quit")
        #expect(registry.command(named: "?")?.name == "help")
    }

    @Test func theOverviewListsAliasesAndStaysInsideEightyColumns() {
        let overview = registry.overview(width: 80)
        #expect(overview.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(overview.filter { DisplayWidth.of($0) > 80 })")
        #expect(overview.contains { $0.hasPrefix("quit, exit, q ") })
        #expect(overview.contains { $0.hasPrefix("help, ? ") })
        #expect(registry.overview == overview)
    }

    @Test func wrappedAbstractsContinueUnderTheirColumn() throws {
        let overview = registry.overview(width: 50)
        #expect(overview.allSatisfy { DisplayWidth.of($0) <= 50 })
        let first = try #require(overview.firstIndex { $0.hasPrefix("help, ?") })
        let column = try #require(overview[first].range(of: "List")).lowerBound
        let offset = overview[first].distance(from: overview[first].startIndex, to: column)
        #expect(overview[first + 1].hasPrefix(String(repeating: " ", count: offset)))
        #expect(!overview[first + 1].hasPrefix(String(repeating: " ", count: offset + 1)))
    }

    @Test func helpForACommandPacksUsageAlternativesInsideTheWidth() throws {
        let expect = try #require(registry.command(named: "expect"))
        let help = registry.help(for: expect, width: 80)
        #expect(help.allSatisfy { DisplayWidth.of($0) <= 80 })
        #expect(help[0] == "usage: expect status N | expect result KIND |")
        #expect(help[1].hasPrefix("       expect PATH"))
        #expect(registry.help(for: expect, width: 0)[0] == "usage: " + expect.usage)
    }

    @Test func expectsUsageErrorShowsTheFormsItsHelpShows() throws {
        // GIVEN expect with no check WHEN it runs THEN its usage error lists the forms `help expect` lists
        let expect = try #require(registry.command(named: "expect"))
        let error = try #require(throws: ExpectationError.self) { try Expectation.parse([]) }
        #expect(error.description == "usage: " + expect.usage)
    }
}
