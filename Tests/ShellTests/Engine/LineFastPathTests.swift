import DemoAPIs
import Foundation
import Secrets
import Testing
import TestSupport
import ScriptLanguage
@testable import Facade
@testable import HTTPClient
@testable import HTTPTypes
@testable import Shell
@testable import Scripts
@testable import Commands

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

    @Test(arguments: [
        ("weather", []), ("Zürich", []), ("", []), ("a?api_key=K1", ["K1"]), ("http://ada:P2@h/x", ["P2", "ada:P2"]),
        ("token==T3", ["T3"]), ("password=P4", ["P4"]), ("Authorization:Bearer B5", ["Bearer B5", "B5"]),
        ("@token.json", []), ("token:='\"J6\"'", []), ("token:=\"J7\"", ["J7"]), ("a=b", []),
    ] as [(String, [String])])
    func aWordWithoutAMarkerHoldsNoTypedCredential(argument: String, expected: [String]) {
        // GIVEN one argument  WHEN its typed credentials are read  THEN a plain word (no `:`, `=`, `?`, `@`)
        // holds none, and targets and items hold theirs as before
        #expect(TypedCredentials.values(in: [argument]) == expected)
    }

    @Test func aLineIsRunByItsStatementsReadingOnlyWhenItsWordsAreTheValues() {
        // GIVEN a session with a variable
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
        let engine = ShellEngine(session: session, output: BufferedOutput())
        #expect(engine.execute("set a 1"))
        // WHEN a line's statement was read with `$a` as written (a reading that fits)
        #expect(engine.execute("set b $a"))
        // THEN the command reads the value, not the reading of the word as written
        #expect(session.variable("b") == "1")
        // AND a line of plain words is run by the reading the statement carries
        #expect(engine.execute("set c plain"))
        #expect(session.variable("c") == "plain")
    }

    @Test func theLineShownIsMaskedWhereverItIsKept() throws {
        // GIVEN a script engine that keeps its cases for a report, and one that keeps none
        let server = try LiveDemoServer()
        for keepsCases in [true, false] {
            let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
            let engine = ShellEngine(session: session, output: BufferedOutput())
            engine.keepsCases = keepsCases
            // WHEN a line sets a token, and a request that fails carries it
            _ = engine.execute("auth bearer Tok3nQ9 \(server.baseURL)", at: ScriptLanguage.SourceLocation(file: "t.apish", line: 1))
            _ = engine.execute("get \(server.baseURL)/nothing/Tok3nQ9", at: ScriptLanguage.SourceLocation(file: "t.apish", line: 2))
            engine.recordInterruption(at: nil)
            // THEN the cases kept are named by the lines masked; none are kept otherwise
            let names = engine.cases.map(\.name)
            #expect(names == (keepsCases ? [
                "auth bearer \(Redactor.mask) \(server.baseURL)", "get \(server.baseURL)/nothing/\(Redactor.mask)",
                "interrupted (Ctrl-C)",
            ] : []))
            #expect(engine.caseCount == 3)
        }
    }

    @Test(arguments: ["", " ", "\t", " \u{00A0}\u{3000}", "a", " a ", " \u{0301}", "\n"])
    func blankNamesAreTheOnesTrimmingEmpties(name: String) {
        #expect(Locator.isBlank(name) == name.trimmingCharacters(in: .whitespaces).isEmpty)
    }
}
