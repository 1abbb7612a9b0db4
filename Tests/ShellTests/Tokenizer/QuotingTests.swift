import Testing
@testable import Shell
@testable import ScriptLanguage

/// `Tokenizer.quote`, the one quoting function: whatever a word holds, the tokenizer reads the quoted
/// text back as that word alone — no variable, operator, second command or comment comes out of it.
@Suite struct QuotingTests {
    static let hostile = [
        "plain", "", " ", "two words", "it's", "''", "'", "\"", "\\", "\\'", "'\\''", "a\\", "$HOME", "${HOME}", "${x:-y}",
        "$", "$$", "${", "}", "#", "#x", "a#b", "; touch PWNED", "getPet;help | touch PWNED #", "size=1 | touch PWNED #",
        "> out.json", ">>x", "<in", "<<EOF", "|", "a|b", "\t", "é\u{301}😀", "\0", "\u{1B}]0;x\u{7}", "-", "--fix",
        "/pets/{id}", "'$HOME' \"$HOME\" \\$HOME", "=", ":=", "==", "@file", "\\@x", "~", "*", "a b'c\"d\\e$f${g}h;i#j|k>l<m",
        // A quote with a combining mark after it is one Character but still a quote to the tokenizer.
        "'\u{301}", "a'\u{301}; touch PWNED #",
    ]

    /// The words of `line` as the shell runs it: operators on for every command (the strictest reading).
    static func words(_ line: String) throws -> [[String?]] {
        try Tokenizer.parse(line) { _ in true }.map { command in
            #expect(command.input == nil && command.output == nil, "operators in \(line)")
            return command.words.map(\.literal)
        }
    }

    @Test func everyHostileWordReadsBackAsItself() throws {
        for word in Self.hostile {
            let quoted = try Tokenizer.quote(word)
            // Alone, after a command, and between two others: one word, the same word, in one command.
            #expect(try Tokenizer.split(quoted).map { $0.map(\.literal) } == [[word]], "\(quoted)")
            #expect(try Self.words("call " + quoted + " 7") == [["call", word, "7"]], "\(quoted)")
            #expect(try Self.words("get " + quoted + quoted) == [["get", word + word]], "\(quoted)")
            #expect(!quoted.contains("\n") && !quoted.contains("\r"))
        }
    }

    @Test func plainWordsStayAsTheyAre() throws {
        for word in ["getPetById", "v3", "/pets/{petId}", "name=Rex", "a.b-c_d:e@f,g+h%i"] {
            #expect(try Tokenizer.quote(word) == word)
        }
        #expect(try Tokenizer.quote("") == "''")
        #expect(try Tokenizer.quote("it's") == #"'it'\''s'"#)
        #expect(try Tokenizer.quote("a;b") == "'a;b'")
    }

    @Test func aLineBreakCannotBeQuoted() {
        for word in ["a\nb", "\n", "x\r", "a\r\nb", "'\n'"] {
            #expect(throws: TokenizerError.self) { try Tokenizer.quote(word) }
        }
    }

    @Test func commentTextStaysOnItsLine() throws {
        let text = Tokenizer.commentText("a\nb\r\nc\u{2028}d\u{1B}[2Je\tf")
        #expect(text == #"a\nb\r\nc\u{2028}d\u{1B}[2Je"# + "\tf")
        // Behind `#` it is a comment and nothing else.
        #expect(try Tokenizer.split("# impact: " + text).isEmpty)
    }
}
