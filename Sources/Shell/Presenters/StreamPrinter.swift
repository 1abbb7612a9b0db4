import Facade
import HTTPClient
import HTTPTypes
import JSON
import Rendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Shows an answer while it arrives, when it is a stream: server-sent events one by one (`event`, `id`,
/// then `data`, pretty when it is JSON), JSON lines one value a line, other chunked text as it comes; with
/// `forced` (`--stream`) any answer. On a pipe or in a file every answer's bytes go on as they arrive (masked
/// as a whole body is, `StreamedBody`). With
/// `--json`, one line per event or value; the command's own object follows when the answer is complete.
///
/// Called on the transfer's thread while the request runs; the shell waits for the request, so nothing
/// else writes meanwhile (the spinner is stopped at the first byte).
final class StreamPrinter: ResponseStreaming, @unchecked Sendable {
    private enum Mode {
        case events
        case lines
        case text
        case bytes
    }

    private let output: OutputSink
    private unowned let session: Session
    private let forced: Bool
    private let toTerminal: Bool
    private let onFirstByte: () -> Void
    private var mode: Mode?
    /// The events read so far (`.events`), and the JSON line not yet ended (`.lines`): held here, not in
    /// `mode`, so that a chunk appends to the one buffer rather than to a copy (a 60 MiB line stays linear).
    private var events = ServerSentEvents()
    private var pending = Data()
    /// The masking of the bytes written as they arrive (`.bytes`).
    private var body = StreamedBody(matcher: nil)
    /// Whether the status line was said as the answer began (a stream's); an answer that is not a stream,
    /// written on as it arrives, has its status line said with the rest of what is said about it, after
    /// it is complete and after any `verbose` trace (`RunResult.statusShown`).
    private(set) var saidStatus = false
    /// Whether anything was shown as it arrived: the answer's body is then not shown again.
    private(set) var streamed = false

    init(output: OutputSink, session: Session, forced: Bool, toTerminal: Bool, onFirstByte: @escaping () -> Void) {
        self.output = output
        self.session = session
        self.forced = forced
        self.toTerminal = toTerminal
        self.onFirstByte = onFirstByte
    }

    func begin(status: Int, version: String, headers: HTTPHeaders) -> Bool {
        var saysStatus = true
        let contentType = headers["Content-Type"]
        let chunked = headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true && headers["Content-Length"] == nil
        let isJSON = contentType.map(BodyMediaType.isJSON) == true
        if ServerSentEvents.isEventStream(contentType) {
            mode = toTerminal || session.options.json ? .events : .bytes
        } else if JSONLines.isLinesContentType(contentType) {
            mode = toTerminal || session.options.json ? .lines : .bytes
        } else if session.options.json {
            mode = nil
        } else if forced || (chunked && !isJSON) {
            mode = toTerminal ? .text : .bytes
        } else if !toTerminal {
            // On a pipe or in a file any answer goes on as it arrives, as curl writes it; its status line is
            // said once it is complete, as a whole body's is (for a success only: a failure has its error line).
            mode = .bytes
            saysStatus = false
        }
        guard mode != nil else { return false }
        streamed = true
        onFirstByte()
        if mode == .bytes, let sink = output as? RedactingOutput { body = sink.streamedBody() }
        // The status line first, as the body's would be: on the terminal, else on stderr (as httpie).
        let statusLine = RawBody.statusLine(status: status, version: version) + "\n"
        if session.options.json || !saysStatus {
            return true
        }
        saidStatus = true
        if toTerminal {
            output.write(statusLine)
        } else {
            output.writeError(statusLine)
        }
        return true
    }

    func receive(_ chunk: Data) {
        guard let mode else { return }
        switch mode {
        case .events:
            events.feed(chunk).forEach(show)
        case .lines:
            pending.append(chunk)
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                showLine(Data(pending[start..<newline]))
                start = pending.index(after: newline)
            }
            pending.removeSubrange(pending.startIndex..<start)
        case .text:
            output.write(TerminalText.safe(String(decoding: chunk, as: UTF8.self)))
        case .bytes:
            if let sink = output as? RedactingOutput {
                sink.writeBodyPiece(chunk, of: &body)
            } else {
                output.writeBytes(chunk)
            }
        }
    }

    /// What is left once the answer is complete (an event without its blank line, a last line without
    /// its newline). An answer `cutShort` by Ctrl-C shows no such remainder: it is the part of an event or
    /// line that was still coming, which the last response does not keep either.
    func finish(cutShort: Bool = false) {
        guard let mode else { return }
        switch mode {
        case .events:
            if !cutShort, let event = events.finish() { show(event) }
        case .lines:
            if !cutShort, !pending.isEmpty { showLine(pending) }
        case .text:
            output.write("\n")
        case .bytes:
            (output as? RedactingOutput)?.writeBodyPiece(nil, of: &body)
        }
        self.mode = nil
    }

    /// A part of the answer as it is shown: masked once, by the output (see `RedactingOutput.writeShown`).
    private func show(_ body: ShownBody) {
        if let sink = output as? RedactingOutput {
            sink.writeShown(body)
        } else {
            ReportRenderer(session: session).write(body, maskedBy: session.redactor) { output.write($0) }
        }
    }

    private func show(_ event: ServerSentEvents.Event) {
        if session.options.json {
            show(.jsonLines([event.value]))
            return
        }
        var heading = ""
        if let name = event.event { heading += "event: " + TerminalText.singleLine(name) + "\n" }
        if let id = event.id { heading += "id: " + TerminalText.singleLine(id) + "\n" }
        if !heading.isEmpty { show(.text(heading, cut: "")) }
        if case .object(let object) = event.value, let data = object["data"], data.stringValue == nil {
            show(.json(data))
        } else {
            show(.text(event.data, cut: ""))
        }
        output.write("\n")
    }

    private func showLine(_ line: Data) {
        guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }) else { return }
        if let value = try? JSONValue.parse(line) {
            show(.jsonLines([value]))
        } else {
            show(.text(String(decoding: line, as: UTF8.self), cut: ""))
        }
    }
}
