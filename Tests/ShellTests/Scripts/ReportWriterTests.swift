import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Shell
@testable import ScriptLanguage
@testable import Reports

/// JUnit XML and TAP 13 written from the cases of a run, compared with golden text.
@Suite struct ReportWriterTests {
    private let report = TestReport(runs: [TestReport.Run(cases: [
        CaseResult(name: "refresh weather", location: SourceLocation(file: "t.apish", line: 1), duration: 0.0125, failure: nil),
        CaseResult(name: "expect city == \"A&B\" <x>", location: SourceLocation(file: "t.apish", line: 2), duration: 0.001,
                   failure: "expected city == \"A&B\" <x>, got 'Richmond'"),
        CaseResult(name: "get /x 'a#b'", location: SourceLocation(file: "lib.apish", line: 4), duration: 0, failure: nil),
    ])])

    @Test func suitesAreGroupedByFileInOrder() {
        #expect(report.suites.map(\.name) == ["t.apish", "lib.apish"])
        #expect(report.tests == 3)
        #expect(report.failures == 1)
    }

    @Test func junitGolden() {
        let expected = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="apish" tests="3" failures="1" time="0.014">
          <testsuite name="t.apish" tests="2" failures="1" errors="0" time="0.014">
            <testcase name="1: refresh weather" classname="t.apish" time="0.013"/>
            <testcase name="2: expect city == &quot;A&amp;B&quot; &lt;x&gt;" classname="t.apish" time="0.001">
              <failure message="expected city == &quot;A&amp;B&quot; &lt;x&gt;, got &apos;Richmond&apos;">t.apish:2: expected city == &quot;A&amp;B&quot; &lt;x&gt;, got &apos;Richmond&apos;</failure>
            </testcase>
          </testsuite>
          <testsuite name="lib.apish" tests="1" failures="0" errors="0" time="0.000">
            <testcase name="4: get /x &apos;a#b&apos;" classname="lib.apish" time="0.000"/>
          </testsuite>
        </testsuites>

        """
        #expect(JUnitWriter.render(report) == expected)
    }

    @Test func junitIsWellFormedForFoundationsParser() throws {
        let weird = TestReport(runs: [TestReport.Run(label: "weather v1", cases: [
            CaseResult(name: "set x '\u{1}\n]]>'", location: nil, duration: 1, failure: "bad \u{7} line\nnext"),
        ])])
        let parser = XMLParser(data: Data(JUnitWriter.render(weird).utf8))
        #expect(parser.parse())
        #expect(weird.suites.map(\.name) == ["apish [weather v1]"])
    }

    @Test func tapGolden() {
        let expected = """
        TAP version 13
        1..3
        ok 1 - t.apish:1 refresh weather
        not ok 2 - t.apish:2 expect city == "A&B" <x>
          ---
          message: "expected city == \\"A&B\\" <x>, got 'Richmond'"
          at: "t.apish:2"
          ...
        ok 3 - lib.apish:4 get /x 'a\\#b'

        """
        #expect(TAPWriter.render(report) == expected)
    }

    @Test func tapLabelsRunsOfEachVersion() {
        let runs = TestReport(runs: [
            TestReport.Run(label: "weather v1", cases: [CaseResult(name: "refresh", location: SourceLocation(file: "-c", line: 1), duration: 0, failure: "x")]),
            TestReport.Run(label: "weather v2", cases: [CaseResult(name: "refresh", location: SourceLocation(file: "-c", line: 1), duration: 0, failure: nil)]),
        ])
        let lines = TAPWriter.render(runs).split(separator: "\n")
        #expect(lines[1] == "1..2")
        #expect(lines[2] == "not ok 1 - [weather v1] -c:1 refresh")
        #expect(lines.contains("ok 2 - [weather v2] -c:1 refresh"))
    }
}
