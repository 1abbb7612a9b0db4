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
final class RedactingOutput: OutputSink {
    let base: OutputSink
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
    func writeBody(_ bytes: Data, separated: Bool) {
        payNewline()
        writeBytes(bytes)
        owesNewline = separated && bytes.last.map { $0 != UInt8(ascii: "\n") } == true && String(data: bytes, encoding: .utf8) != nil
    }

    private func payNewline() {
        guard owesNewline else { return }
        owesNewline = false
        base.write("\n")
    }

    func write(_ text: String) {
        guard !text.isEmpty else { return }
        payNewline()
        base.write(TerminalText.neutralized(session.redactSecrets(text)))
    }

    func writeError(_ text: String) {
        base.writeError(TerminalText.neutralized(session.redactSecrets(text)))
    }

    func writeBytes(_ bytes: Data) {
        guard !base.keepsBodiesAsTheyCame, let text = String(data: bytes, encoding: .utf8) else {
            // Binary is not text: no secret the session knows is masked inside an image.
            base.writeBytes(bytes)
            return
        }
        // Masked as a body shown on a terminal is: known secrets, and what looks like one (a reflected
        // `"authorization":"Basic …"`).
        let masked = session.redactSecrets(session.redact(text))
        base.writeBytes(masked == text ? bytes : Data(masked.utf8))
    }

    var keepsBodiesAsTheyCame: Bool { base.keepsBodiesAsTheyCame }
}
