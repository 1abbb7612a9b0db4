import Testing
import Reports
@testable import Shell
@testable import ShellCommandLine
@testable import Commands

/// `--report FORMAT FILE`, `diff --spec --format FORMAT` and `--report html FILE` declare the formats of one
/// list (`ReportFormat`): each option's choices are the formats that write what it reports.
@Suite struct ReportFormatListTests {
    private func names(_ subject: ReportFormat.Subject) -> [String] {
        ReportFormat.allCases.filter { $0.renders(subject) }.map(\.rawValue)
    }

    @Test func reportOffersTheFormatsThatWriteAScriptRun() throws {
        // GIVEN apish's own `--report` option
        let report = try #require(ShellArguments.options.first { $0.names.contains("--report") })

        // THEN its format's choices are the list's script-run formats, and so is its usage
        guard case .choices(let words) = try #require(report.values.first).kind else {
            Issue.record("--report's format is no choice")
            return
        }
        #expect(words == names(.scriptRun))
        #expect(report.values.first?.placeholder == names(.scriptRun).joined(separator: "|"))
        // AND each of them writes a script run, and a format that writes none is refused
        for format in ReportFormat.allCases {
            let written = format.scriptRun(TestReport(runs: []), matrix: nil, mask: { $0 }) != nil
            #expect(written == format.renders(.scriptRun), "\(format)")
            let parsed = try? ShellArguments.parse(["--report", format.rawValue, "out", "t.apish"])
            #expect((parsed?.reports.map(\.format) == [format]) == format.renders(.scriptRun), "\(format)")
        }
    }

    @Test func diffFormatOffersTheFormatsThatWriteASpecDiff() throws {
        // GIVEN diff's `--format` option
        let format = try #require(DiffArguments.signature.forms.flatMap(\.options).first { $0.name == "--format" })

        // THEN its choices are the list's spec-diff formats, read back as the same formats
        guard case .choice(let words) = try #require(format.value).kind else {
            Issue.record("--format is no choice")
            return
        }
        #expect(words == names(.specDiff))
        #expect(SpecDiffFormat.allCases.map(\.format) == ReportFormat.allCases.filter { $0.renders(.specDiff) })
        #expect(SpecDiffFormat(rawValue: "junit") == nil)
    }

    @Test func reportHTMLIsTheListsHTMLFormat() {
        // `--report html FILE` of diff --spec and impact: the format that writes both a page of a diff and of a run
        #expect(Option.htmlReport.value?.placeholder == ReportFormat.html.rawValue + " FILE")
        #expect(ReportFormat.html.renders(.specDiff) && ReportFormat.html.renders(.scriptRun))
    }
}
