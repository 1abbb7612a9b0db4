import Facade
import Testing
@testable import Shell
@testable import Rendering

@Suite struct RowsRendererTests {
    @Test func labelsArePaddedToTheWidestThenTwoSpaces() {
        let rows = [LabelledRow("City", "Richmond"), LabelledRow("Temperature", "63°F"), LabelledRow("State", "VA")]
        #expect(RowsRenderer.render(rows, style: .plain) == """
            City         Richmond
            Temperature  63°F
            State        VA

            """)
    }

    @Test func koreanLabelsAlignByDisplayWidth() {
        let rows = [LabelledRow("도시", "서울"), LabelledRow("Temp", "20"), LabelledRow("날씨상태", "맑음")]
        #expect(RowsRenderer.render(rows, style: .plain) == """
            도시      서울
            Temp      20
            날씨상태  맑음

            """)
    }

    @Test func emptyValuesLeaveNoTrailingSpaces() {
        let rows = [LabelledRow("a", "1"), LabelledRow("bb", ""), LabelledRow("c", "x  ")]
        #expect(RowsRenderer.render(rows, style: .plain) == "a   1\nbb\nc   x\n")
    }

    @Test func multiLineValuesContinueUnderTheValueColumn() {
        let rows = [LabelledRow("Bio", "line one\nline two"), LabelledRow("Name", "Yujin")]
        #expect(RowsRenderer.render(rows, style: .plain) == "Bio   line one\n      line two\nName  Yujin\n")
    }

    @Test func controlCharactersInValuesCannotReachTheTerminal() {
        let output = RowsRenderer.render([LabelledRow("x", "a\u{1B}[31mb")], style: .plain)
        #expect(output == "x  a\u{FFFD}[31mb\n")
    }

    @Test func unwrappedRowsTakeTheBytesTheyNeedWhateverTheyHold() {
        // GIVEN rows with an empty label, a control that grows into `�`, blanks to trim and wide text
        let rows = [LabelledRow("", "x"), LabelledRow("a\u{7}", "\u{1}\u{1}\u{1} \t"), LabelledRow("東京", "雨  "), LabelledRow("b", " \t")]
        // WHEN rendered unwrapped, plain and coloured
        // THEN each is padded by display width, blanks trimmed, controls shown, bold only around a label
        #expect(RowsRenderer.render(rows, style: .plain) == "      x\na\u{FFFD}    \u{FFFD}\u{FFFD}\u{FFFD}\n東京  雨\nb\n")
        #expect(RowsRenderer.render(rows, style: .colored) == "      x\n\u{1B}[1ma\u{FFFD}\u{1B}[0m    \u{FFFD}\u{FFFD}\u{FFFD}\n"
            + "\u{1B}[1m東京\u{1B}[0m  雨\n\u{1B}[1mb\u{1B}[0m\n")
    }

    @Test func noRowsGiveNoText() {
        #expect(RowsRenderer.render([], style: .colored) == "")
    }

    @Test func coloredLabelsAreBoldAndAlignmentIsUnchanged() {
        let rows = [LabelledRow("City", "Richmond"), LabelledRow("Temperature", "63")]
        let colored = RowsRenderer.render(rows, style: .colored)
        #expect(colored.hasPrefix("\u{1B}[1mCity\u{1B}[0m         Richmond\n"))
        #expect(DisplayWidth.withoutEscapeSequences(colored) == RowsRenderer.render(rows, style: .plain))
        #expect(!RowsRenderer.render(rows, style: .plain).contains("\u{1B}"))
    }

    @Test func longValuesWrapAtWordsUnderTheValueColumn() {
        let rows = [LabelledRow("City", "Seattle"), LabelledRow("Description", "A city of rain, coffee and ferries across the sound")]
        let output = RowsRenderer.render(rows, style: .plain, width: 40)
        #expect(output == """
            City         Seattle
            Description  A city of rain, coffee and
                         ferries across the sound

            """)
        #expect(output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 })
    }

    @Test func withoutAWidthValuesAreNotWrapped() {
        let value = String(repeating: "word ", count: 40) + "end"
        #expect(RowsRenderer.render([LabelledRow("a", value)], style: .plain) == "a  \(value)\n")
    }
}
