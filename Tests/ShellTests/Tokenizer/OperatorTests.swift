import Shell
import Testing
import ScriptLanguage

/// Input and output operators: found outside quotes, for commands that take them.
@Suite struct OperatorTests {
    private let plain: Set<String> = ["expect", "let", "set"]

    private func parse(_ line: String) throws -> [ParsedCommand] {
        try Tokenizer.parse(line) { !plain.contains($0) }
    }

    private func words(_ command: ParsedCommand) -> [String?] {
        command.words.map(\.literal)
    }

    @Test func aPipeTakesTheRestOfTheLineAsTyped() throws {
        let commands = try parse(#"get hb/json | jq '.slideshow' | head -1; echo $x"#)
        #expect(commands.count == 1)
        #expect(words(commands[0]) == ["get", "hb/json"])
        #expect(commands[0].output == .pipe(#"jq '.slideshow' | head -1; echo $x"#))
        #expect(commands[0].operatorText == #" | jq '.slideshow' | head -1; echo $x"#)
    }

    @Test func quotedOperatorsAreWords() throws {
        let commands = try parse(#"post x '|' "a>b" c\<d"#)
        #expect(words(commands[0]) == ["post", "x", "|", "a>b", "c<d"])
        #expect(commands[0].output == nil && commands[0].input == nil)
    }

    @Test func filesForOutputAndInput() throws {
        let saved = try parse("get x > out.json; get y >>log.txt; post z < body.json; post w <<EOF")
        #expect(saved.map(\.output) == [.file(Word(literal: "out.json"), append: false), .file(Word(literal: "log.txt"), append: true), nil, nil])
        #expect(saved[2].input == .file(Word(literal: "body.json")))
        #expect(saved[3].input == .heredoc(delimiter: "EOF"))
        #expect(words(saved[3]) == ["post", "w"])
    }

    @Test func gluedOperatorsSplitWords() throws {
        let commands = try parse("get x>out.json")
        #expect(words(commands[0]) == ["get", "x"])
        #expect(commands[0].output == .file(Word(literal: "out.json"), append: false))
    }

    @Test func aQuotedHeredocWordIsItsText() throws {
        #expect(try parse("post x <<'END'")[0].input == .heredoc(delimiter: "END"))
    }

    @Test func expectLetAndSetTakeNoOperators() throws {
        let commands = try parse("expect currentPrice > 0; let a = b; set p a|b<c")
        #expect(words(commands[0]) == ["expect", "currentPrice", ">", "0"])
        #expect(words(commands[2]) == ["set", "p", "a|b<c"])
        #expect(commands.allSatisfy { $0.output == nil && $0.input == nil })
    }

    @Test func withoutTheQuestionNothingIsAnOperator() throws {
        #expect(try Tokenizer.split("get x > y | z") == [["get", "x", ">", "y", "|", "z"].map { Word(literal: $0) }])
    }

    @Test(arguments: [
        ("get x |", "column 7: | needs a shell command after it"),
        ("get x >", "column 7: > needs a file name after it"),
        ("post x <<", "column 8: << needs a closing word (<<EOF) after it"),
        ("| jq", "column 1: nothing before |"),
        ("get x > a > b", "column 11: only one of |, > and >> per command"),
        ("post x < a <<EOF", "column 12: only one of < and << per command"),
        ("post x <<$w", "column 8: the closing word after << is plain text, not a variable"),
    ])
    func mistakesAreOneLine(line: String, message: String) throws {
        let error = try #require(throws: TokenizerError.self) { try parse(line) }
        #expect(error.description == message)
    }
}
