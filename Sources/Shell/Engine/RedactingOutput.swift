/// The one point where a session's text leaves the process for stdout and stderr: every secret the
/// session knows (tokens, keys, credential headers, variables holding them) is masked here, in its raw,
/// percent-encoded, base64 and JSON-escaped forms, whatever command or renderer produced the text; and
/// terminal controls that came with it (from a spec, a server, a file) are neutralised (`TerminalText.neutralized`).
final class RedactingOutput: OutputSink {
    private let base: OutputSink
    private unowned let session: Session

    init(_ base: OutputSink, session: Session) {
        self.base = base
        self.session = session
    }

    func write(_ text: String) {
        base.write(TerminalText.neutralized(session.redactSecrets(text)))
    }

    func writeError(_ text: String) {
        base.writeError(TerminalText.neutralized(session.redactSecrets(text)))
    }
}
