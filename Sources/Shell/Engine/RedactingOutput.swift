import Rendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one point where a session's text leaves the process for stdout and stderr: every secret the
/// session knows (tokens, keys, credential headers, variables holding them) is masked here, in its raw,
/// percent-encoded, base64 and JSON-escaped forms, whatever command or renderer produced the text, and
/// terminal controls that came with text (from a spec, a server, a file) are neutralised
/// (`TerminalText.neutralized`). A body's bytes are masked too when they are text, except in a file the
/// user named to save it in; bytes are never neutralised, so a body piped on arrives as it came.
///
/// A body is masked here once, and nowhere before: a body shown on the terminal (`writeShown`) as it is
/// rendered, with what only its structure tells (members named like credentials), bytes as text.
package final class RedactingOutput: OutputSink {
    package let base: OutputSink
    private unowned let session: Session

    init(_ base: OutputSink, session: Session) {
        self.base = base
        self.session = session
    }

    /// A text body written to standard output without a final newline: the next output there starts
    /// with one, so it begins on a line of its own, while a body that is the last thing written (the bytes
    /// `| jq` or `| sha256sum` read) keeps exactly the bytes it came with.
    private var owesNewline = false

    /// Writes a body and remembers whether the next output needs a newline before it.
    package func writeBody(_ bytes: Data, separated: Bool) {
        payNewline()
        writeBytes(bytes)
        owesNewline = separated && bytes.last.map { $0 != UInt8(ascii: "\n") } == true && String(data: bytes, encoding: .utf8) != nil
    }

    private func payNewline() {
        guard owesNewline else { return }
        owesNewline = false
        base.write("\n")
    }

    /// A body shown on the terminal, masked in the one pass it gets as it is rendered (see
    /// `ReportRenderer.write(_:maskedBy:to:)`); only its terminal controls are neutralised after.
    package func writeShown(_ body: ShownBody) {
        payNewline()
        let redactor = session.redactor
        ReportRenderer(session: session).write(body, maskedBy: redactor) { base.write(TerminalText.neutralized($0)) }
    }

    /// The one line of `--json`, masked member by member in the one pass it gets (and a large body as it is
    /// written from its tape); only its terminal controls are neutralised after.
    package func writeJSONLine(_ line: JSONResultLine) {
        payNewline()
        base.write(TerminalText.neutralized(line.text(maskedBy: session.redactor)) + "\n")
    }

    package func write(_ text: String) {
        guard !text.isEmpty else { return }
        payNewline()
        base.write(TerminalText.neutralized(session.redactSecrets(text)))
    }

    package func writeError(_ text: String) {
        base.writeError(TerminalText.neutralized(session.redactSecrets(text)))
    }

    package func writeBytes(_ bytes: Data) {
        guard !base.keepsBodiesAsTheyCame, let text = String(data: bytes, encoding: .utf8) else {
            // Binary is not text: no secret the session knows is masked inside an image.
            base.writeBytes(bytes)
            return
        }
        // Masked as a body shown on a terminal is: known secrets, and what looks like one (a reflected
        // `"authorization":"Basic …"`).
        let masked = session.redact(text)
        base.writeBytes(masked == text ? bytes : Data(masked.utf8))
    }

    package var keepsBodiesAsTheyCame: Bool { base.keepsBodiesAsTheyCame }

    /// What a spinner draws with on its own thread: this sink's stderr, under the secrets known now.
    package func progressDrawing() -> ProgressDrawing {
        let errors = SpinnerErrors(base)
        return ProgressDrawing(redactor: session.redactor, writeError: { errors.sink.writeError($0) })
    }
}

/// The sink a spinner writes its frames to from its own thread. Never at the same time as the command's
/// thread: a spinner is stopped, its thread waited for, before anything else is written (a stream stops it at
/// its first byte), so the sink is never written from two threads at once.
private final class SpinnerErrors: @unchecked Sendable {
    let sink: OutputSink

    init(_ sink: OutputSink) {
        self.sink = sink
    }
}
