import DemoAPIs
import Facade
import Testing
@testable import Shell
import Secrets
import HTTPClient
import HTTPTypes
@testable import Rendering
@testable import Commands

/// Server text never drives the terminal: control characters in lines, errors and warnings are neutralised.
@Suite struct ReportRendererTests {
    let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)

    @Test func linesKeepNewlinesButLoseEscapeSequences() {
        let report = CommandReport(lines: ["body \u{1B}]0;pwned\u{07} text", "second\tline"])
        let text = ReportRenderer(session: session).text(report)
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{07}"))
        #expect(text.contains("body "))
        #expect(text.contains("second\tline\n"))
    }

    @Test func errorsAndWarningsAreOneSafeLine() {
        let renderer = ReportRenderer(session: session)
        let error = renderer.error("server said: \u{1B}[2Jgone\nsecond line")
        #expect(!error.contains("\u{1B}[2J"))
        #expect(error.filter { $0 == "\n" }.count == 1)
        let warning = renderer.warning("deprecated\r\nsoon\u{1B}[31m")
        #expect(!warning.contains("\u{1B}[31m"))
        #expect(warning.filter { $0 == "\n" }.count == 1)
    }

    @Test func formattedTextIsShownAsIs() {
        var report = CommandReport()
        report.formatted = TextStyle.colored.cyan("\"key\"")
        #expect(ReportRenderer(session: session).text(report).contains("\u{1B}["))
    }

    @Test func tableCellsAreMaskedWithTheSessionSecretsBeforeTheyAreCut() {
        // GIVEN a session whose variable holds a token, and a table cell that holds it
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
        session.variables["token"] = "zq7-s3cr3t-value"
        session.options.width = { 30 }
        let table = Table(columns: [TableColumn("ID"), TableColumn("NOTE", flexible: true)],
                          rows: [["1", "sent with zq7-s3cr3t-value to Zürich and beyond"], ["2", "東京 zq7-s3cr3t-value"]])
        // WHEN the table is rendered cut to the terminal THEN the token shows nowhere, not even its start
        let text = ReportRenderer(session: session).text(CommandReport(presentation: .table(table)))
        #expect(!text.contains("zq7"))
        #expect(text.contains("sent with \(Redactor.mask)"))
        #expect(text.contains("東京 \(Redactor.mask)"))
    }
}
