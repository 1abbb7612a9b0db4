import Foundation
import Testing
@testable import Facade
@testable import HTTPClient
@testable import HTTPTypes
@testable import Shell
@testable import Scripts

/// The per-line shortcuts of a replayed script answer exactly as the slower ways they replace.
@Suite("Per-line fast paths")
struct LineFastPathTests {
    @Test(arguments: [
        ("weather", nil), ("city==Boston", "city=Boston"), ("==x", nil), ("a==", "a="), ("a=b", nil),
        ("a===b", "a==b"), ("x==y==z", "x=y==z"), ("Zürich==1", "Zürich=1"), ("é", nil), ("", nil),
    ] as [(String, String?)])
    func queryItemsParseAsBefore(argument: String, expected: String?) {
        let field = QueryItem.parse(argument)
        #expect(field.map { "\($0.name)=\($0.value)" } == expected)
        // Foundation's search, which non-ASCII text still goes through, agrees.
        let range = argument.range(of: "==")
        #expect((range.map { $0.lowerBound != argument.startIndex } ?? false) == (field != nil))
    }

    @Test func commandsAreFoundByNameAndAliasAsBefore() {
        let registry = CommandRegistry.standard
        for name in registry.allNames + ["REFRESH", "R", "Expect", "nope", ""] {
            let lower = name.lowercased()
            let before = registry.commands.first { $0.name == lower || $0.aliases.contains(lower) }
            let found = registry.lookup(name)
            #expect(found?.command.name == before?.name)
            #expect(registry.command(named: name)?.name == before?.name)
            #expect((found?.expectation != nil) == (before.map { $0 is ExpectCommand } ?? false))
            #expect(found?.expectation?.name == (before?.name == "expect" ? "expect" : nil))
        }
    }

    @Test(arguments: ["", " ", "\t", " \u{00A0}\u{3000}", "a", " a ", " \u{0301}", "\n"])
    func blankNamesAreTheOnesTrimmingEmpties(name: String) {
        #expect(Locator.isBlank(name) == name.trimmingCharacters(in: .whitespaces).isEmpty)
    }
}
