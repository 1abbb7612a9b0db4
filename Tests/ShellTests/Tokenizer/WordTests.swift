import Testing
@testable import Shell
@testable import ScriptLanguage

@Suite struct WordTests {
    private let variables = ["city": "Boston", "id": "t01", "env.HOME": "/home/yujin", "empty": ""]

    private func expand(_ line: String) throws -> [String] {
        let words = try Tokenizer.split(line).flatMap { $0 }
        return try words.map { try $0.expand { variables[$0] } }
    }

    @Test func expandReplacesVariablesWithTheirValues() throws {
        #expect(try expand("refresh weather city==$city like ${id}")
            == ["refresh", "weather", "city==Boston", "like", "t01"])
    }

    @Test func expandedValuesAreNotSplitAgain() throws {
        let word = try #require(try Tokenizer.split("$v").first?.first)
        #expect(try word.expand { _ in "a b; c" } == "a b; c")
    }

    @Test func expandInsideDoubleQuotesAndDottedNames() throws {
        #expect(try expand(#""$city, home=$env.HOME.""#) == ["Boston, home=/home/yujin."])
    }

    @Test func emptyValueExpandsToEmptyText() throws {
        #expect(try expand("a${empty}b") == ["ab"])
    }

    @Test func unknownVariableIsAnError() throws {
        let word = try #require(try Tokenizer.split("$nope").first?.first)
        #expect(throws: TokenizerError(message: "unknown variable $nope", column: 0)) {
            try word.expand { variables[$0] }
        }
    }

    @Test func literalIsTheValueOnlyWithoutVariables() throws {
        let words = try Tokenizer.split(#"'$x' "a" $x"#)[0]
        #expect(words.map(\.literal) == ["$x", "a", nil])
        #expect(words[2].parts == [.variable("x")])
    }

    @Test func literalInitializerMakesAPlainWord() throws {
        #expect(Word(literal: "abc") == Word(parts: [.literal("abc")], text: "abc"))
        #expect(Word(literal: "").literal == "")
        #expect(try Word(literal: "$x").expand { _ in nil } == "$x")
    }
}

@Suite struct VariableFallbackTests {
    @Test func fallbackUsedOnlyWhenTheVariableIsUnset() throws {
        let word = try #require(try Tokenizer.split("${env.TOKEN:-stand in}x")[0].first)
        #expect(word.parts == [.variableWithDefault("env.TOKEN", fallback: "stand in"), .literal("x")])
        #expect(try word.expand { _ in nil } == "stand inx")
        #expect(try word.expand { $0 == "env.TOKEN" ? "real" : nil } == "realx")
        #expect(throws: TokenizerError.self) { try Tokenizer.split("${:-x}") }
    }
}
