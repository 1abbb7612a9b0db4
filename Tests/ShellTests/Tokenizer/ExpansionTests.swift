import DemoAPIs
import Facade
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import ScriptLanguage
@testable import Commands

/// `$var` expansion is bounded: a line and a variable hold at most 16 MiB, and a line that would grow past
/// that fails at once, without building it.
@Suite struct ExpansionTests {
    private static let mebibyte = 1024 * 1024

    @Test func aMegabyteVariableUsedThousandsOfTimesFailsBeforeAnythingIsBuilt() throws {
        // GIVEN a 1 MiB variable and a line using it 5000 times (5 GiB if built)
        let big = String(repeating: "x", count: Self.mebibyte)
        let words = try #require(try Tokenizer.split("set b " + String(repeating: "$a", count: 5000)).first)

        // WHEN expanded / THEN it is refused with one line naming the variable and the limit
        let error = try #require(throws: TokenizerError.self) {
            try Expansion.expand(words) { $0 == "a" ? big : nil }
        }
        #expect(error.description == "expanding $a (1 MiB) 5000 times makes this line 4.9 GiB, more than the 16 MiB a line or a variable may hold")
    }

    @Test func aLineUpToTheLimitExpands() throws {
        let words = try #require(try Tokenizer.split("set b $a$a").first)

        let expanded = try Expansion.expand(words, limit: 12) { _ in "abc" }

        #expect(expanded == ["set", "b", "abcabc"])
        #expect(throws: TokenizerError.self) { try Expansion.expand(words, limit: 11) { _ in "abc" } }
    }

    @Test func literalWordsAreTheirTextsAndKeepTheLimit() throws {
        // GIVEN words that are literals only: quoted, empty, escaped, with a `$` that names nothing
        let words = try #require(try Tokenizer.split(#"set b 'x y' "" a\$b"#).first)
        // WHEN expanded within the limit / THEN each is its text, and no variable is asked for
        var asked: [String] = []
        let expanded = try Expansion.expand(words, limit: 14) { asked.append($0); return nil }
        #expect(expanded == ["set", "b", "x y", "", "a$b"])
        #expect(asked.isEmpty)
        // AND one byte past the limit (the spaces between words counted) they are refused, as any line is
        #expect(throws: TokenizerError.self) { try Expansion.expand(words, limit: 13) { _ in nil } }
    }

    @Test func unknownVariablesAreStillNamed() throws {
        let words = try #require(try Tokenizer.split("get $nope").first)
        #expect(throws: TokenizerError(message: "unknown variable $nope", column: 0)) {
            try Expansion.expand(words) { _ in nil }
        }
    }

    @Test func aRawLineOverTheLimitIsRefusedBeforeScanning() {
        let line = "set a " + String(repeating: "y", count: Expansion.maximumBytes)
        #expect(throws: TokenizerError.self) { try Tokenizer.split(line) }
    }

    @Test func theSessionGoesOnAfterADoublingScriptHitsTheCap() throws {
        // GIVEN a script that doubles a variable on every line (a 300-byte line would build 1 GiB)
        let output = BufferedOutput()
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
        let engine = ShellEngine(session: session, output: output)
        let doubling = Array(repeating: "set a $a$a", count: 30).joined(separator: "\n")

        // WHEN it runs, then one more command
        let ok = engine.run(LineListSource(text: "set a 0123456789abcdef\n" + doubling + "\nset after done\n"), file: "d.apish")

        // THEN the lines past the cap fail with the one-line message, the variable stays within the cap,
        // and the command after them still ran
        #expect(!ok)
        let value = try #require(session.variables["a"])
        #expect(value.utf8.count <= Expansion.maximumBytes)
        #expect(value.utf8.count == 8 * Self.mebibyte)
        #expect(engine.failures.first?.message == "expanding $a (8 MiB) 2 times makes this line larger than 16 MiB, the most a line or a variable may hold")
        #expect(session.variables["after"] == "done")
    }
}
