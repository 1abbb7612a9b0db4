import Facade
import Testing
@testable import Shell
@testable import Rendering

@Suite struct TableRendererTests {
    private let columns = [
        TableColumn("ID"), TableColumn("CONTENT", flexible: true), TableColumn("LIKES", alignment: .right),
    ]

    @Test func columnsArePaddedAndRightAlignedColumnsPaddedOnTheLeft() {
        let table = Table(columns: columns, rows: [["t01", "Hello world", "3"], ["t02", "Hi", "12"]])
        #expect(TableRenderer.render(table, width: 80, style: .plain) == """
            ID   CONTENT      LIKES
            t01  Hello world      3
            t02  Hi              12

            """)
    }

    @Test func flexibleColumnIsCutWithAnEllipsisToFitTheWidth() {
        let table = Table(columns: columns, rows: [
            ["t01", "The quick brown fox jumps over the lazy dog", "3"], ["t02", "Short", "12"],
        ])
        let output = TableRenderer.render(table, width: 40, style: .plain)
        #expect(output == """
            ID   CONTENT                       LIKES
            t01  The quick brown fox jumps o…      3
            t02  Short                            12

            """)
        #expect(output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 })
    }

    @Test func widestColumnIsCutWhenNoneIsFlexible() {
        let table = Table(
            columns: [TableColumn("KEY"), TableColumn("VALUE"), TableColumn("NOTE")],
            rows: [["a", "0123456789abcdefghij", "short note"]])
        #expect(TableRenderer.render(table, width: 35, style: .plain) == """
            KEY  VALUE               NOTE
            a    0123456789abcdefg…  short note

            """)
    }

    @Test func columnsAreNeverCutBelowTenColumns() {
        let table = Table(columns: columns, rows: [["t01", "The quick brown fox jumps", "3"]])
        #expect(TableRenderer.render(table, width: 12, style: .plain) == """
            ID   CONTENT     LIKES
            t01  The quick…      3

            """)
    }

    @Test func severalFlexibleColumnsGiveWayWidestFirst() {
        let table = Table(
            columns: ["A", "B", "C"].map { TableColumn($0, flexible: true) },
            rows: [["short", String(repeating: "b", count: 30), String(repeating: "c", count: 20)]])
        let output = TableRenderer.render(table, width: 40, style: .plain)
        #expect(output == """
            A      B                 C
            short  bbbbbbbbbbbbbbb…  cccccccccccccc…

            """)
    }

    @Test func zeroWidthMeansNoLimit() {
        let long = String(repeating: "x", count: 200)
        let table = Table(columns: columns, rows: [["t01", long, "1"]])
        #expect(TableRenderer.render(table, width: 0, style: .plain).contains(long))
    }

    @Test func koreanTextIsAlignedByDisplayWidth() {
        let table = Table(
            columns: [TableColumn("NAME"), TableColumn("CITY"), TableColumn("N", alignment: .right)],
            rows: [["민지", "서울", "1"], ["Yujin", "Boston", "22"], ["김", "부산광역시", "3"]])
        #expect(TableRenderer.render(table, width: 80, style: .plain) == """
            NAME   CITY         N
            민지   서울         1
            Yujin  Boston      22
            김     부산광역시   3

            """)
    }

    @Test func koreanTextIsCutByDisplayWidth() {
        let table = Table(columns: [TableColumn("ID"), TableColumn("TEXT", flexible: true)],
                          rows: [["1", "가나다라마바사아자차카타파하"]])
        #expect(TableRenderer.render(table, width: 15, style: .plain) == """
            ID  TEXT
            1   가나다라마…

            """)
    }

    @Test func newlinesAndTabsInCellsShowAsSpaces() {
        let table = Table(columns: [TableColumn("A"), TableColumn("B")], rows: [["x\ny", "1\t2\r\n3"]])
        #expect(TableRenderer.render(table, width: 80, style: .plain) == "A    B\nx y  1 2 3\n")
    }

    @Test func linesHaveNoTrailingSpaces() {
        let table = Table(columns: [TableColumn("NAME"), TableColumn("NOTE")], rows: [["Minji", ""], ["Yu", "ok  "]])
        let output = TableRenderer.render(table, width: 80, style: .plain)
        #expect(output == "NAME   NOTE\nMinji\nYu     ok\n")
    }

    @Test func shortRowsAreFilledWithEmptyCells() {
        let table = Table(columns: columns, rows: [["t09"]])
        #expect(TableRenderer.render(table, width: 80, style: .plain) == "ID   CONTENT  LIKES\nt09\n")
    }

    @Test func emptyTablePrintsTheHeaderAndNoRows() {
        let table = Table(columns: columns, rows: [])
        #expect(TableRenderer.render(table, width: 80, style: .plain) == "ID  CONTENT  LIKES\n(no rows)\n")
    }

    @Test func coloredHeaderIsBoldAndOnlyWhenColorIsOn() {
        let table = Table(columns: columns, rows: [["t01", "Hello", "3"]])
        let colored = TableRenderer.render(table, width: 80, style: .colored)
        let plain = TableRenderer.render(table, width: 80, style: .plain)
        #expect(colored.hasPrefix("\u{1B}[1mID\u{1B}[0m   \u{1B}[1mCONTENT\u{1B}[0m  \u{1B}[1mLIKES\u{1B}[0m\n"))
        #expect(DisplayWidth.withoutEscapeSequences(colored) == plain)
        #expect(!plain.contains("\u{1B}"))
    }

    @Test func urlsAreCutInTheMiddleSoTheVersionStaysVisible() {
        let table = Table(
            columns: [TableColumn("SERVICE"), TableColumn("URL", flexible: true)],
            rows: [["weather", "http://127.0.0.1:45678/weather/v1"], ["stock", "http://10.0.0.7:8080/stock/v2"]])
        #expect(TableRenderer.render(table, width: 39, style: .plain) == """
            SERVICE  URL
            weather  http://127.0.0.1:4…/weather/v1
            stock    http://10.0.0.7:8080/stock/v2

            """)
    }

    @Test func aSharedOriginIsDroppedWhenTheURLsWouldBeCut() {
        let origin = "http://127.0.0.1:45678"
        let table = Table(
            columns: [TableColumn("SERVICE"), TableColumn("NOTES"), TableColumn("URL", flexible: true)],
            rows: [["weather", "latest", origin + "/weather/v2"], ["stockQuote", "", origin + "/stock/v1"]])
        #expect(TableRenderer.render(table, width: 36, style: .plain) == """
            SERVICE     NOTES   URL
            weather     latest  …/weather/v2
            stockQuote          …/stock/v1

            """)
        #expect(TableRenderer.render(table, width: 50, style: .plain) == """
            SERVICE     NOTES   URL (http://127.0.0.1:45678)
            weather     latest  …/weather/v2
            stockQuote          …/stock/v1

            """)
        #expect(TableRenderer.render(table, width: 80, style: .plain).contains(origin + "/weather/v2"), "nothing cut, nothing dropped")
    }

    @Test func sizingGivenByTheCallerOverridesTheColumns() {
        let table = Table(columns: [TableColumn("A", flexible: true), TableColumn("B")],
                          rows: [[String(repeating: "a", count: 20), String(repeating: "b", count: 20)]])
        let byColumns = TableRenderer.render(table, width: 34, style: .plain)
        let byCaller = TableRenderer.render(table, width: 34, style: .plain, sizing: [.fixed, .minor])
        #expect(byColumns.contains(String(repeating: "b", count: 20)))
        #expect(byCaller.contains(String(repeating: "a", count: 20)))
        #expect(!byCaller.contains(String(repeating: "b", count: 20)))
    }

    @Test func cellsThatFitAreShownWholeAndNonASCIIIsPaddedByWidth() {
        // GIVEN Latin and CJK text, a URL, and cells wider and exactly as wide as the NAME column once cut
        let table = Table(
            columns: [TableColumn("NAME", flexible: true), TableColumn("CITY"), TableColumn("N", alignment: .right)],
            rows: [["São Paulo French", "東京", "7"], ["http://h/x", "Zürich", "12"], ["Zürich Centre", "", "4"],
                   ["0123456789abcdef", "", "3"]])
        // WHEN it fits THEN nothing is cut and columns line up by display width
        #expect(TableRenderer.render(table, width: 28, style: .plain) == """
            NAME              CITY     N
            São Paulo French  東京     7
            http://h/x        Zürich  12
            Zürich Centre              4
            0123456789abcdef           3

            """)
        // WHEN NAME is cut to 13 columns THEN only the wider cells lose their end; a 13-column cell stays whole
        #expect(TableRenderer.render(table, width: 25, style: .plain) == """
            NAME           CITY     N
            São Paulo Fr…  東京     7
            http://h/x     Zürich  12
            Zürich Centre           4
            0123456789ab…           3

            """)
    }
}
