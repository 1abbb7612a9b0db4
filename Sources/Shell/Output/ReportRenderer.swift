import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import Secrets
import HTTPClient
import HTTPTypes
import Rendering

/// Writes a `CommandReport` as terminal text, and the JSON forms of a presentation and of timings for
/// `ResultJSONPresenter`.
package struct ReportRenderer {
    package let session: Session
    /// How a JSON presentation (a model's body) is masked: as the output it goes to masks data
    /// (`RedactingOutput.dataRedactor`); nil, as the session masks everything. Asked for only when a JSON
    /// presentation is written: most reports have none, and making it costs a redactor.
    private let dataRedactor: (() -> Redactor)?

    package init(session: Session, dataRedactor: (() -> Redactor)? = nil) {
        self.session = session
        self.dataRedactor = dataRedactor
    }

    package var style: TextStyle { session.options.color ? .colored : .plain }

    package func text(_ report: CommandReport) -> String {
        var text = ""
        write(report, to: { text += $0 }, body: { write($0, maskedBy: session.redactor) { text += $0 } })
        return text
    }

    /// A body as the terminal shows it, masked by `redactor` in the one pass it gets: pretty JSON string by
    /// string as it is rendered from the tape (known secrets, credential patterns, members named like
    /// credentials, and keys), each JSON line member by member, a text as text; control characters are made
    /// visible. What `RedactingOutput` writes a body with.
    package func write(_ body: ShownBody, maskedBy redactor: Redactor, to emit: (String) -> Void) {
        switch body {
        case .document(let document):
            JSONRenderer.write(document, style: style, redactor: redactor, cancellation: session.cancellationToken(), emit: emit)
        case .jsonLines(let values):
            var text = ""
            for value in values { text += redactor.redact(value).encoded() + "\n" }
            emit(TerminalText.safe(text))
        case .json(let value):
            emit(TerminalText.safe(redactor.redact(value).encoded(pretty: true)) + "\n")
        case .text(let text, let cut):
            let shown = TerminalText.safe(redactor.redact(text)) + cut
            emit(shown.hasSuffix("\n") ? shown : shown + "\n")
        }
    }

    /// The text in the order it is shown, in pieces: the short parts gathered, a large body (tens of
    /// megabytes of pretty JSON) handed to `body` as it is, for the output to mask as it writes it.
    package func write(_ report: CommandReport, to emit: (String) -> Void, body: (ShownBody) -> Void) {
        var text = ""
        /// Hands on what has gathered, then `piece`.
        func flush(_ piece: String = "") {
            if !text.isEmpty { emit(text) }
            if !piece.isEmpty { emit(piece) }
            text = ""
        }
        if session.verbose, let exchange = report.exchange {
            text += verboseText(exchange)
        }
        // Lines may carry server text (a raw body, a message): control characters never reach the terminal.
        for line in report.lines { text += TerminalText.safe(line) + "\n" }
        if let formatted = report.formatted {
            flush(formatted.hasSuffix("\n") ? formatted : formatted + "\n")
        } else if let shown = report.shownBody {
            flush()
            body(shown)
        }
        switch report.presentation {
        case .json(let value)?:
            // A body is masked as data, member by member: one pass even over megabytes.
            flush(PresentationRenderer.render(
                .json((dataRedactor?() ?? session.redactor).redact(value)), width: session.options.width(), style: style,
                cancellation: session.cancellationToken()))
        case let presentation?:
            // Masked cell by cell before the text is cut or wrapped (a secret cut to `abc…` or split over
            // two lines would escape a mask applied afterwards), and once more as a whole, by the one redactor
            // (the session's, asked for once: nothing in between changes what it masks).
            let redactor = session.redactor
            // Rows are a label and a value each, rendered at once: only a table can be long enough to stop.
            let cancellation: CancellationToken? = if case .rows = presentation { nil } else { session.cancellationToken() }
            flush(redactor.redact(PresentationRenderer.render(
                Self.redacted(presentation, by: redactor), width: session.options.width(), style: style,
                cancellation: cancellation)))
        case nil:
            break
        }
        for note in report.notes { text += style.dim(note) + "\n" }
        if session.timing, let metrics = report.exchange?.metrics {
            text += prose(Self.timingLine(metrics)).map { style.dim($0) + "\n" }.joined()
        }
        flush()
    }

    package func warning(_ text: String) -> String {
        prose("warning: " + TerminalText.singleLine(session.redact(text))).map { style.yellow($0) + "\n" }.joined()
    }

    /// `text` (already redacted) on one line, or wrapped at words with a hanging indent on a terminal.
    package func error(_ text: String) -> String {
        prose(TerminalText.singleLine(text)).map { style.red($0) + "\n" }.joined()
    }

    /// Prose wrapped at words to the terminal's width, continuation lines indented; one line when piped.
    private func prose(_ text: String) -> [String] {
        TextWrapper.wrap(text, width: session.options.width())
    }

    private static func redacted(_ presentation: Presentation, by redactor: Redactor) -> Presentation {
        switch presentation {
        case .rows(let rows):
            // Copied only where a cell changes: most rows hold nothing to mask.
            var masked = rows
            for (index, row) in rows.enumerated() {
                let label = redactor.redact(row.label), value = redactor.redact(row.value)
                if label != row.label || value != row.value { masked[index] = LabelledRow(label, value) }
            }
            return .rows(masked)
        case .table(let table):
            return .table(Table(columns: table.columns, rows: table.rows.map { $0.map { redactor.redact($0) } }))
        case .json(let value):
            return .json(redactor.redact(value))
        case .sections(let parts):
            return .sections(parts.map { redacted($0, by: redactor) })
        }
    }

    /// Every redirect hop as `http --all` shows them (the request sent, its status and headers, `Location`
    /// among them), then the request as sent (every header, as `http -v` and `curl -v` show them, and the
    /// body), then the status and the response headers; credential values masked.
    private func verboseText(_ exchange: Exchange) -> String {
        var lines: [String] = []
        for hop in exchange.response?.redirects ?? [] {
            if hop.sentHead.isEmpty {
                lines.append("> \(hop.method) \(session.redact(hop.url))")
            } else {
                lines += sentHeadLines(hop.sentHead)
            }
            lines.append("< " + HTTPStatusText.line(hop.status))
            lines += HeaderLines.lines(hop.headers, session: session).map { "< " + $0 }
        }
        if let sent = exchange.response?.sentHead, !sent.isEmpty {
            lines += sentHeadLines(sent)
        } else {
            lines.append("> \(exchange.method) \(exchange.displayURL)")
            for (name, value) in exchange.request.headers {
                lines.append("> " + session.redact("\(name): \(value)"))
            }
        }
        if !exchange.request.body.isEmpty {
            let body = String(decoding: exchange.request.body.data.prefix(4096), as: UTF8.self)
            lines.append(">")
            lines += session.redactLine(body).split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }
        }
        if let response = exchange.response {
            lines.append("< " + HTTPStatusText.line(response.status))
            // Set-Cookie, a reflected Authorization, any credential-like header: the value never shows.
            lines += HeaderLines.lines(response.headers, session: session).map { "< " + $0 }
        }
        return lines.map { style.dim(TerminalText.singleLine($0)) }.joined(separator: "\n") + "\n"
    }

    /// A request head as libcurl sent it, `> ` before each line, credential values masked.
    private func sentHeadLines(_ sent: [String]) -> [String] {
        guard let requestLine = sent.first else { return [] }
        var lines = ["> " + session.redact(requestLine)]
        for line in sent.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            let shown = Redactor.isCredentialLikeHeader(name) ? Redactor.maskKeepingScheme(value) : session.redact(value)
            lines.append("> \(name): \(shown)")
        }
        return lines
    }

    /// The timing waterfall of one request (see `TimingWaterfall`).
    static func timingLine(_ metrics: TransferMetrics) -> String {
        TimingWaterfall.line(metrics)
    }

    // MARK: JSON

    package static func json(_ presentation: Presentation) -> JSONValue {
        switch presentation {
        case .json(let value):
            return value
        case .rows(let rows):
            return .object(JSONObject(rows.map { ($0.label, JSONValue.string($0.value)) }))
        case .table(let table):
            return .array(table.rows.map { row in
                .object(JSONObject(zip(table.columns, row).map { ($0.title.lowercased(), JSONValue.string($1)) }))
            })
        case .sections(let parts):
            return .array(parts.map(json))
        }
    }

    package static func json(_ metrics: TransferMetrics) -> JSONValue {
        func ms(_ seconds: Double) -> JSONValue {
            JSONNumber((seconds * 1000 * 1000).rounded() / 1000).map(JSONValue.number) ?? .null
        }
        return .object(JSONObject([
            ("dns", ms(metrics.dns)), ("connect", ms(metrics.connect)), ("tls", ms(metrics.tls)),
            ("firstByte", ms(metrics.firstByte)), ("total", ms(metrics.total)),
            ("reused", .bool(metrics.reusedConnection)),
        ]))
    }
}
