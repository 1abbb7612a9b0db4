import Facade
import HTTPClient
import HTTPTypes
import Rendering
import Reports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns what a command returned into the text it shows: the lines, table, pretty JSON or body bytes that
/// `ReportRenderer` writes. Every decision about colour, layout and which body shows is made here.
struct ResultPresenter {
    let session: Session

    var style: TextStyle { session.options.color ? .colored : .plain }

    func report(_ result: RunResult) -> CommandReport {
        var report = CommandReport()
        switch result.value {
        case .none:
            break
        case .text(let lines):
            report.lines = lines
        case .table(let table, let heading):
            report.lines = heading
            report.presentation = .table(table)
        case .rows(let rows):
            report.presentation = .rows(rows)
        case .exchange(let exchange, view: .model):
            report.exchange = exchange
            report.presentation = exchange.model.map(session.presenter.present)
        case .exchange(let exchange, view: .rawBody):
            report.exchange = exchange
            guard let response = exchange.response else { break }
            // A failure is one error line (which names the status) plus the body: no second copy of the error.
            if result.ok, !result.statusShown { report.lines = [RawBody.statusLine(response)] }
            guard !result.bodyShown else { break }
            RawBody.show(exchange, in: &report)
        case .model(let model, let heading):
            report.lines = heading
            report.presentation = session.presenter.present(model)
        case .document(let document, let heading):
            report.lines = heading
            report.shownBody = .document(document)
        case .lastResponse(let exchange):
            lastResponse(exchange, in: &report)
        case .changes(let changes):
            self.changes(changes, in: &report)
        case .findings(let findings):
            report.formatted = (findings.findingLines + [findings.summary]).joined(separator: "\n")
        case .operationHelp(let operation, let service, let full):
            report.formatted = OperationPresenter.help(
                operation, service: service, width: CommandRegistry.helpWidth(for: session.options), style: style, full: full)
        }
        report.notes = result.notes
        return report
    }

    /// The last response's body in full: pretty JSON, or its text.
    private func lastResponse(_ exchange: Exchange, in report: inout CommandReport) {
        report.lines = [exchange.method.rawValue + " " + exchange.displayURL]
        if let response = exchange.response { report.lines.append(RawBody.statusLine(response)) }
        if let document = exchange.document {
            report.shownBody = .document(document)
        } else if let response = exchange.response {
            if !response.body.isEmpty, String(data: response.body, encoding: .utf8) == nil {
                // Binary: its bytes where they can be kept, its size on a terminal.
                report.body = response.body
                report.formatted = "(\(response.body.count) bytes of binary data; show --raw > FILE saves them)"
            } else {
                report.shownBody = .text(response.text, cut: "")
            }
        }
    }

    private func changes(_ changes: ChangeView, in report: inout CommandReport) {
        switch changes {
        case .versions(let changes, let summary):
            report.formatted = (ChangeList.lines(changes, style: style) + [summary]).joined(separator: "\n")
        case .spec(let changes, let summary):
            report.formatted = (SpecChangeList.lines(changes, style: style) + [summary]).joined(separator: "\n")
        case .sideBySide(let view):
            // Two columns for a person; a pipe gets the change list, as `diff` writes it.
            let lines = session.options.stdoutIsTerminal
                ? SideBySidePresenter.lines(view, width: session.options.width(), style: style)
                : ChangeList.lines(view.changes, style: style)
            report.formatted = (lines + [view.summary]).joined(separator: "\n")
        case .locator(let heading, let changes, let following):
            // The change set coloured like diff: added green, removed red, moved and deprecated yellow. The
            // lines quote the document (names, URLs), so they are made safe before colour is added.
            let coloured = changes.map { line in
                let safe = TerminalText.singleLine(line)
                switch line.first {
                case "+": return style.green(safe)
                case "-": return style.red(safe)
                default: return style.yellow(safe)
                }
            }
            report.lines = heading
            if !coloured.isEmpty { report.formatted = (coloured + following).joined(separator: "\n") + "\n" }
            else { report.lines += following }
        }
    }
}
