import Facade
import Testing
@testable import Shell

/// Server text never drives the terminal: control characters in lines, errors and warnings are neutralised.
@Suite struct ReportRendererTests {
    let session = Session(facade: ServiceFacade(transport: CurlTransport()))

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
}
