import Testing
@testable import Shell
@testable import ScriptLanguage

/// The literal values of each command's words, for compact expectations.
private func values(_ line: String) throws -> [[String?]] {
    try Tokenizer.split(line).map { $0.map(\.literal) }
}

private func single(_ line: String) throws -> Word? {
    let commands = try Tokenizer.split(line)
    guard commands.count == 1, commands[0].count == 1 else { return nil }
    return commands[0][0]
}

@Suite struct TokenizerTests {
    @Test func blanksSeparateWords() throws {
        #expect(try values("use  weather\tv2") == [["use", "weather", "v2"]])
        #expect(try values("   refresh   ") == [["refresh"]])
    }

    @Test func emptyAndBlankLinesGiveNoCommands() throws {
        #expect(try Tokenizer.split("").isEmpty)
        #expect(try Tokenizer.split("   \t ").isEmpty)
    }

    @Test func singleQuotesAreLiteral() throws {
        #expect(try values(#"echo 'a b $HOME \n "x"'"#) == [["echo", #"a b $HOME \n "x""#]])
    }

    @Test func eachCommandKnowsWhereTextWasSingleQuoted() throws {
        // GIVEN single quotes in words and in an operator's file, and quotes that are text (inside double
        // quotes, escaped)
        let line = #"auth key 'k=a b' x"it's"\'y; get u > 'o ut'"#
        let commands = try Tokenizer.parse(line) { _ in true }
        // THEN each command holds the bytes inside its single quotes, and only those
        let bytes = Array(line.utf8)
        let quoted = commands.map { $0.singleQuotedSpans.map { String(decoding: bytes[$0], as: UTF8.self) } }
        #expect(quoted == [["k=a b"], ["o ut"]])
        // AND an open quote, read tolerantly, holds the rest of the line
        let open = "auth bearer 'tok en"
        #expect(Tokenizer.parseTolerantly(open) { _ in true }.map(\.singleQuotedSpans) == [[13..<19]])
    }

    @Test func doubleQuotesAllowEscapesOfQuoteBackslashAndDollar() throws {
        #expect(try values(#"say "she said \"hi\" \\ \$5""#) == [["say", #"she said "hi" \ $5"#]])
    }

    @Test func otherBackslashesInDoubleQuotesStayAsTyped() throws {
        #expect(try values(#"x "a\nb\tc""#) == [["x", #"a\nb\tc"#]])
    }

    @Test func backslashOutsideQuotesEscapesTheNextCharacter() throws {
        #expect(try values(##"a\ b c\;d \#e \'f"##) == [["a b", "c;d", "#e", "'f"]])
    }

    @Test func adjacentQuotedAndUnquotedPiecesFormOneWord() throws {
        #expect(try values(#"ab'c d'"e f"g"#) == [["abc de fg"]])
    }

    @Test func emptyQuotesAreAnEmptyWordThatIsKept() throws {
        let commands = try Tokenizer.split(#"set greeting "" ''"#)
        #expect(commands.map { $0.map(\.literal) } == [["set", "greeting", "", ""]])
        #expect(commands[0][2].parts.isEmpty)
        #expect(commands[0][2].isQuoted)
    }

    @Test func isQuotedReportsAnyQuoting() throws {
        #expect(try single("plain")?.isQuoted == false)
        #expect(try single("'q'")?.isQuoted == true)
        #expect(try single(#"a\ b"#)?.isQuoted == true)
        #expect(try single(#"x"y""#)?.isQuoted == true)
    }

    @Test func textKeepsTheWordAsTyped() throws {
        let words = try Tokenizer.split(#"post  'a b'  "$x/y"  c\ d"#)[0]
        #expect(words.map(\.text) == ["post", "'a b'", #""$x/y""#, #"c\ d"#])
    }

    @Test func semicolonsSeparateCommands() throws {
        #expect(try values("use weather v2; refresh;show") == [
            ["use", "weather", "v2"], ["refresh"], ["show"],
        ])
    }

    @Test func emptyCommandsAreDropped() throws {
        #expect(try values(";; a ; ;b;") == [["a"], ["b"]])
    }

    @Test func quotedOrEscapedSemicolonsDoNotSplit() throws {
        #expect(try values(#"a ';' ";" \; b"#) == [["a", ";", ";", ";", "b"]])
    }

    @Test func hashAtTheStartOfAWordStartsAComment() throws {
        #expect(try values("refresh # then show; more") == [["refresh"]])
        #expect(try values("# only a comment").isEmpty)
        #expect(try values("a;#b;c") == [["a"]])
    }

    @Test func hashInsideAWordOrQuotesIsLiteral() throws {
        #expect(try values("get /a#b '#c' \"#d\"") == [["get", "/a#b", "#c", "#d"]])
    }

    @Test func httpieStyleItemsSurviveIntact() throws {
        let line = #"post twit/x city==Richmond name=eye payload:='{"a":1,"b":[true]}' X-Trace:abc"#
        #expect(try values(line) == [
            ["post", "twit/x", "city==Richmond", "name=eye", #"payload:={"a":1,"b":[true]}"#, "X-Trace:abc"],
        ])
    }

    @Test func jsonInDoubleQuotesKeepsItsEscapes() throws {
        #expect(try values(#"x:="{\"s\":\"a\\nb\"}""#) == [[#"x:={"s":"a\nb"}"#]])
    }

    @Test func koreanWordsAreKeptWhole() throws {
        #expect(try values("set 도시 '서울 특별시'; refresh 날씨") == [["set", "도시", "서울 특별시"], ["refresh", "날씨"]])
    }

    @Test func combiningMarkAfterAQuoteDoesNotHideTheQuote() throws {
        // "\u{301}" would form one Character with the quote; scalars keep the quote visible.
        #expect(try values("'\u{301}a' b") == [["\u{301}a", "b"]])
    }

    @Test func dollarVariablesBecomeVariableParts() throws {
        let word = try single("id=$twit_1/x")
        #expect(word?.parts == [.literal("id="), .variable("twit_1"), .literal("/x")])
        #expect(word?.literal == nil)
    }

    @Test func bracedVariablesEndExactlyAtTheBrace() throws {
        #expect(try single("${a}b")?.parts == [.variable("a"), .literal("b")])
        #expect(try single("${env.HOME}")?.parts == [.variable("env.HOME")])
    }

    @Test func dotsJoinNamePartsButATrailingDotEndsTheName() throws {
        #expect(try single("$env.HOME")?.parts == [.variable("env.HOME")])
        #expect(try single("$last.")?.parts == [.variable("last"), .literal(".")])
        #expect(try single("$a..b")?.parts == [.variable("a"), .literal("..b")])
    }

    @Test func namesStopAtNonASCIISoKoreanSuffixesStayText() throws {
        #expect(try single(#""$name님""#)?.parts == [.variable("name"), .literal("님")])
    }

    @Test func variablesExpandInsideDoubleQuotesButNotSingle() throws {
        #expect(try single(#""x $a y"'$b'"#)?.parts == [.literal("x "), .variable("a"), .literal(" y$b")])
    }

    @Test func dollarWithoutANameIsLiteral() throws {
        #expect(try values("cost $ $5 a$ $-x \"$\"") == [["cost", "$", "$5", "a$", "$-x", "$"]])
    }

    @Test func escapedDollarIsLiteral() throws {
        #expect(try values(#"\$HOME "\$HOME""#) == [["$HOME", "$HOME"]])
    }

    @Test func unterminatedDoubleQuoteReportsTheQuoteColumn() {
        #expect(throws: TokenizerError(message: "unterminated double quote", column: 7)) {
            try Tokenizer.split(#"hello "world"#)
        }
    }

    @Test func unterminatedSingleQuoteIsAnError() {
        #expect(throws: TokenizerError(message: "unterminated single quote", column: 3)) {
            try Tokenizer.split("a 'b c")
        }
    }

    @Test func escapedQuoteDoesNotCloseADoubleQuote() {
        #expect(throws: TokenizerError(message: "unterminated double quote", column: 1)) {
            try Tokenizer.split(#""abc\""#)
        }
    }

    @Test func unclosedBraceIsAnError() {
        #expect(throws: TokenizerError(message: "missing } after ${", column: 5)) {
            try Tokenizer.split("get ${name")
        }
    }

    @Test func emptyOrInvalidBracedNamesAreErrors() {
        #expect(throws: TokenizerError(message: "empty variable name in ${}", column: 1)) {
            try Tokenizer.split("${}")
        }
        #expect(throws: TokenizerError(message: "'-' cannot be part of a variable name", column: 4)) {
            try Tokenizer.split("${a-b}")
        }
    }

    @Test func trailingBackslashIsAnError() {
        #expect(throws: TokenizerError(message: "trailing backslash", column: 5)) {
            try Tokenizer.split(#"abc \"#)
        }
    }

    @Test func errorColumnsCountCharactersNotBytes() {
        #expect(throws: TokenizerError(message: "unterminated double quote", column: 7)) {
            try Tokenizer.split("날씨 서울 \"x")
        }
    }

    @Test func errorDescriptionIsOneLineWithTheColumn() {
        #expect(TokenizerError(message: "unterminated double quote", column: 7).description
            == "column 7: unterminated double quote")
        #expect(TokenizerError(message: "unknown variable $x", column: 0).description == "unknown variable $x")
    }
}
