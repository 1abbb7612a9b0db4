import Testing
@testable import Shell
@testable import Rendering

/// Prose breaks at spaces to the terminal's width, continuation lines indented.
@Suite struct TextWrapperTests {
    @Test func breaksAtWordsWithAHangingIndent() {
        let text = "error: unknown command 'refesh'; did you mean refresh? (help lists commands)"
        #expect(TextWrapper.wrap(text, width: 30) == [
            "error: unknown command",
            "  'refesh'; did you mean",
            "  refresh? (help lists",
            "  commands)",
        ])
    }

    @Test func noLineIsWiderThanTheWidth() {
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 20)
        for width in [12, 25, 40, 80] {
            let lines = TextWrapper.wrap(text, width: width)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "width \(width)")
            #expect(lines.joined(separator: " ").split(separator: " ") == text.split(separator: " "))
        }
    }

    @Test func aWordLongerThanTheLineIsCutIntoPieces() {
        let url = "http://127.0.0.1:45678/" + String(repeating: "x", count: 40)
        let lines = TextWrapper.wrap("see " + url, width: 20)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(lines.first == "see")
        #expect(lines.dropFirst().map { $0.dropFirst(2) }.joined() == url)
    }

    @Test func wideCharactersCountTwoColumns() {
        let lines = TextWrapper.wrap("서울 부산 대구 인천 광주 대전", width: 12, hangingIndent: 0)
        #expect(lines == ["서울 부산", "대구 인천", "광주 대전"])
    }

    @Test func zeroWidthKeepsEachParagraphOnOneLine() {
        let text = String(repeating: "word ", count: 100) + "end"
        #expect(TextWrapper.wrap(text, width: 0) == [text])
        #expect(TextWrapper.wrap("a\nb", width: 0) == ["a", "b"])
    }

    @Test func newlinesStartParagraphsWhoseFirstLineIsNotIndented() {
        #expect(TextWrapper.wrap("one two three\nfour five six", width: 9) == ["one two", "  three", "four five", "  six"])
    }

    @Test func leadingSpacesOfAParagraphStayAndSpacesInsideALineAreKept() {
        #expect(TextWrapper.wrap("   usage:  x  y", width: 40) == ["   usage:  x  y"])
        #expect(TextWrapper.wrap("a b", width: 40) == ["a b"])
    }

    @Test func wrappedEndsEveryLineWithANewline() {
        #expect(TextWrapper.wrapped("aaa bbb", width: 4, hangingIndent: 0) == "aaa\nbbb\n")
    }
}
