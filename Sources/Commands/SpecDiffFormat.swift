import Reports
import Shell

/// How `diff --spec` writes its changes: one of the report formats that write a spec diff
/// (`ReportFormat.formats(of: .specDiff)`: the grouped lines, its JSON data, a Markdown changelog, an HTML
/// page), so `--format`'s choices, completion and help come from that one list.
struct SpecDiffFormat: ArgumentChoice, Equatable {
    let format: ReportFormat

    init?(rawValue: String) {
        guard let format = ReportFormat(rawValue: rawValue), format.renders(.specDiff) else { return nil }
        self.format = format
    }

    private init(_ format: ReportFormat) {
        self.format = format
    }

    var rawValue: String { format.rawValue }

    static var allCases: [SpecDiffFormat] { ReportFormat.formats(of: .specDiff).map(SpecDiffFormat.init) }

    /// The grouped lines a terminal shows, unless `--format` says otherwise.
    static let text = SpecDiffFormat(.text)
}
