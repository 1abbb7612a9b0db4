import Rendering
import Secrets

/// How a spinner draws on stderr from its own thread, made by the masking sink (`RedactingOutput.progressDrawing`)
/// so that its bytes pass the same masks as every other line: each label is masked (known secrets and credential
/// patterns: a URL's password, `?api_key=…`) before it is cut to the terminal's width, since a secret cut to
/// `Hunt…` would escape a mask applied after, and its terminal controls are neutralised.
///
/// The secrets are those known when the spinner started (a `Redactor` is a value), so the spinner's thread never
/// reads the session, which the request's thread may be changing.
package struct ProgressDrawing: Sendable {
    private let redactor: Redactor
    private let writeError: @Sendable (String) -> Void

    init(redactor: Redactor, writeError: @escaping @Sendable (String) -> Void) {
        self.redactor = redactor
        self.writeError = writeError
    }

    /// One frame over the last (`\r` … erase to the end of the line).
    func draw(frame: String, label: String, width: Int) {
        let line = SpinnerLine.text(frame: frame, label: redactor.redact(label), width: width)
        writeError("\r\(line)\u{1B}[K")
    }

    /// Erases the last frame.
    func erase() {
        writeError("\r\u{1B}[K")
    }
}
