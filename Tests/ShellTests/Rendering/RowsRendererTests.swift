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
