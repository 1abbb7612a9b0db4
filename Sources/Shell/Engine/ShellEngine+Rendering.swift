import JSON
import Facade
import Secrets
import HTTPClient
import HTTPTypes
import FoundationFree
import ScriptLanguage
import Rendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ShellEngine {
    /// Shows what a command returned: through its presenter as text, or as the one JSON line of `--json`
    /// (the only one that asks for `command`, the line as shown).
    package func render(_ result: RunResult, command: @autoclosure () -> String, location: SourceLocation?, showingError: Bool = true) {
        session.withOneRedactor { renderReport(result, command: command(), location: location, showingError: showingError) }
    }

    private func renderReport(_ result: RunResult, command: @autoclosure () -> String, location: SourceLocation?, showingError: Bool) {
        let lookalikes = LookalikeCount()
        let renderer = ReportRenderer(session: session, dataRedactor: { [output] in output.dataRedactor(counting: lookalikes) })
        defer { output.hintLookalikes(lookalikes) }
        if session.options.json {
            output.writeJSONLine(ResultJSONPresenter(session: session).line(result, command: command()))
        } else {
            let report = ResultPresenter(session: session).report(result)
            // A body streamed there as it arrived was the body: what is said after it goes to stderr too.
            if report.body != nil || result.bodyShown, redirected || !session.options.stdoutIsTerminal {
                // As httpie: the body alone where the output goes, everything said about it on stderr.
                var told = report
                told.formatted = nil
                told.shownBody = nil
                renderer.write(told, to: { output.writeError($0) }, body: { _ in })
                for warning in result.warnings { output.writeError(renderer.warning(warning)) }
                // The bytes as they came; on standard output, a later output starts on a line of its own.
                if let body = report.body {
                    output.writeBody(body, separated: !redirected)
                }
            } else {
                renderer.write(report, to: { output.write($0) }, body: { output.writeShown($0) })
                for warning in result.warnings { output.writeError(renderer.warning(warning)) }
            }
        }
        // Shown: a large body keeps only its bytes (a later path or `show --raw` parses it again).
        switch result.value {
        case .exchange(let exchange, _), .lastResponse(let exchange): exchange.document?.releaseIndex()
        case .document(let document, _): document.releaseIndex()
        default: break
        }
        if showingError, !result.ok, let error = result.error {
            renderError(error, location: location)
        }
    }

    /// A warning about a line of a script, on stderr (with `--json` too: stdout keeps one object per command).
    func renderWarning(_ message: String, location: SourceLocation?) {
        let prefix = location.map { "\($0): " } ?? ""
        output.writeError(ReportRenderer(session: session).warning(prefix + session.redact(message)))
    }

    func renderError(_ message: String, location: SourceLocation?) {
        if session.options.json {
            if let location { output.writeError("\(location): \(TerminalText.singleLine(session.redact(message)))\n") }
            return
        }
        let prefix = location.map { "\($0): " } ?? "error: "
        output.writeError(ReportRenderer(session: session).error(prefix + session.redact(message)))
    }
}
