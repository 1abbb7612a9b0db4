import Rendering
import Secrets
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
///
/// Data keeps what merely looks like a credential (a member named `api_key`, an `Authorization: Bearer …`
/// inside a string): only a terminal display hides it, saying once how to show it (`reveal on`); a pipe, a
/// file and `--json` get the data as it came, less the secrets the session holds.
package final class RedactingOutput: OutputSink {
    package let base: OutputSink
    private unowned let session: Session
    /// Whether `base` is the session's standard output rather than a command's pipe or file.
    private let isStandardOutput: Bool

    init(_ base: OutputSink, session: Session, isStandardOutput: Bool) {
        self.base = base
        self.session = session
        self.isStandardOutput = isStandardOutput
    }

    /// Whether a person reads what is written here: standard output on a terminal, without `--json`.
    package var isTerminalDisplay: Bool {
        isStandardOutput && session.options.stdoutIsTerminal && !session.options.json
    }

    /// How data written here is masked: the secrets the session holds; on a terminal display, unless
    /// `reveal on`, also what looks like a credential, counted in `count` for the hint (`hintLookalikes`).
    package func dataRedactor(counting count: LookalikeCount) -> Redactor {
        let redactor = session.redactor
        guard isTerminalDisplay, !session.revealsLookalikes else { return redactor.knownSecretsOnly }
        return redactor.counting(lookalikesIn: count)
    }

    /// Says how to show the values `count` saw hidden, once a session.
    package func hintLookalikes(_ count: LookalikeCount) {
        let hidden = count.value
        guard hidden > 0, !session.lookalikeHintGiven else { return }
        session.lookalikeHintGiven = true
        let values = hidden == 1 ? "1 value that looks like a credential" : "\(hidden) values that look like credentials"
        base.writeError("(\(values) hidden; reveal on shows \(hidden == 1 ? "it" : "them"))\n")
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
        let count = LookalikeCount()
        ReportRenderer(session: session).write(body, maskedBy: dataRedactor(counting: count)) { base.write(TerminalText.neutralized($0)) }
        hintLookalikes(count)
    }

    /// The one line of `--json`, masked member by member in the one pass it gets (and a large body as it is
    /// written from its tape), its data by the secrets the session holds only; only its terminal controls
    /// are neutralised after.
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
        let count = LookalikeCount()
        let redactor = dataRedactor(counting: count)
        // Nothing to look for: the bytes go on as they came, not even decoded.
        let nothingToMask = !redactor.masksLookalikes && redactor.secrets.isEmpty
        guard !base.keepsBodiesAsTheyCame, !nothingToMask, let text = String(data: bytes, encoding: .utf8) else {
            // Binary is not text: no secret the session knows is masked inside an image.
            base.writeBytes(bytes)
            return
        }
        // Masked as data written here is: the secrets the session holds, and on a terminal display what
        // looks like one (a reflected `"authorization":"Basic …"`).
        let masked = redactor.redact(text)
        base.writeBytes(masked == text ? bytes : Data(masked.utf8))
        hintLookalikes(count)
    }

    package var keepsBodiesAsTheyCame: Bool { base.keepsBodiesAsTheyCame }

    /// How a body written here as it arrives is masked: by the secrets held now, unless this is a file the
    /// user named, which keeps the bytes as they came.
    func streamedBody() -> StreamedBody {
        StreamedBody(matcher: keepsBodiesAsTheyCame ? nil : SecretMatcher.shared(for: session.redactor.secrets))
    }

    /// The next piece of a body written as it arrives, masked as `body` says, or (nil) its end: on standard
    /// output a later output then starts on a line of its own, as after `writeBody`.
    func writeBodyPiece(_ piece: Data?, of body: inout StreamedBody) {
        payNewline()
        let bytes = piece.map { body.take($0) } ?? body.finish()
        if !bytes.isEmpty { base.writeBytes(bytes) }
        if piece == nil {
            owesNewline = isStandardOutput && body.isText && body.lastByte.map { $0 != UInt8(ascii: "\n") } == true
        }
    }

    /// `clear`: the cursor home and the display erased (`ESC [H ESC [2J`), on a terminal display only; the
    /// one control this sink writes on purpose, which `write` would neutralise.
    package func clearScreen() {
        guard isTerminalDisplay else { return }
        payNewline()
        base.write("\u{1B}[H\u{1B}[2J")
    }

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
