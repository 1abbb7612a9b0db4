import APIDescriptions
import JSON

/// Every format apish writes a report in: its name (the word `--report` and `diff --format` take), what it
/// can render (a script run's results, a spec diff) and its writer. The options `--report FORMAT FILE`,
/// `diff --spec --format FORMAT` and `--report html FILE` read their choices, completion and help from
/// here; a new format is one case plus its writer.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, markdown, junit, tap, html

    /// What a report is of.
    public enum Subject: Sendable {
        /// A script's requests and expectations (`apish --report FORMAT FILE script.apish`).
        case scriptRun
        /// The changes between two OpenAPI documents (`diff --spec`, `compare`).
        case specDiff
    }

    /// Whether this format writes a report of `subject`.
    public func renders(_ subject: Subject) -> Bool {
        switch (self, subject) {
        case (.junit, .scriptRun), (.tap, .scriptRun), (.html, _): true
        case (.text, .specDiff), (.json, .specDiff), (.markdown, .specDiff): true
        case (.text, .scriptRun), (.json, .scriptRun), (.markdown, .scriptRun), (.junit, .specDiff), (.tap, .specDiff): false
        }
    }

    /// The formats that write `subject`, in declaration order: an option's choices.
    public static func formats(of subject: Subject) -> [ReportFormat] {
        allCases.filter { $0.renders(subject) }
    }

    /// A script run in this format (`matrix` under `--each-version`); `mask` masks what a page shows of a
    /// server's answers. Nil for a format that writes no script run.
    package func scriptRun(_ report: TestReport, matrix: EachVersionMatrix?, mask: @escaping (String) -> String) -> String? {
        switch self {
        case .junit: JUnitWriter.render(report)
        case .tap: TAPWriter.render(report)
        case .html: HTMLReport.scriptRun(report, matrix: matrix, mask: mask)
        case .text, .json, .markdown: nil
        }
    }

    /// A spec diff's lines in this format; `data` is its JSON (`SpecChangeList.json`), which the command also
    /// answers with, made only for `json`. Nil for `text`, which the shell presents as grouped lines (a terminal's colors and
    /// widths), and for a format that writes no spec diff.
    package func specDiff(_ report: SpecDiff.Report, service: String, a: String, b: String, summary: String,
                          data: @autoclosure () -> JSONValue, mask: @escaping (String) -> String) -> [String]? {
        switch self {
        case .json: [data().encoded(pretty: true)]
        case .markdown: SpecChangeList.markdown(report, service: service, a: a, b: b, summary: summary)
        case .html: [HTMLReport.specDiff(report, service: service, a: a, b: b, summary: summary, mask: mask)]
        case .text, .junit, .tap: nil
        }
    }
}
