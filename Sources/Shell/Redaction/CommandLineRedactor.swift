import FoundationFree
import Secrets
import ScriptLanguage

/// Masks the secrets of command lines as typed, for history, recordings, the echoed line and `--json`'s
/// `command`. A line is read once into statements (`CommandRegistry.statementsTolerantly`), or the
/// engine's statement is laid out on its typed text (`TypedStatement`), and the bytes each statement marks
/// secret (its declared secret arguments, its credential-named items) are masked; the rest is masked as any
/// text is (the session's known secrets, URL passwords, credential patterns), except the command's name and
/// subcommand word, which are syntax: `auth bearer auth p`, whose token is `auth`, is shown `auth bearer ••• p`.
struct CommandLineRedactor {
    let registry: CommandRegistry

    private static let maskBytes = Array(Redactor.mask.utf8)

    /// `line` with the session's known secrets, URL passwords and every declared or credential-named
    /// argument masked.
    func redact(_ line: String, session: Session, redactor: Redactor) -> String {
        let statements = registry.statementsTolerantly(in: line, session: session)
        return Self.maskedLine(Array(line.utf8), secrets: statements.flatMap(\.secretSpans),
                           keywords: statements.flatMap(\.keywordSpans), redactor: redactor)
    }

    /// A statement's words as typed, one space apart, with its operators (`ShellEngine.typedLine` and
    /// `operatorText`), masked as `redact` masks that text: the statement is laid out on its typed text
    /// (`TypedStatement`) from the spans it holds in `line`, the line it was read from, and its secrets are
    /// marked there from the reading it carries. The text is not read again, whatever its operators.
    func redact(_ statement: Statement, in line: String, session: Session, redactor: Redactor) -> String {
        let typed = TypedStatement(statement, in: line)
        let marked = typed.bytes.withUnsafeBufferPointer { bytes in
            registry.secretSpans(of: typed.statement, in: bytes, session: session)
        }
        return Self.maskedLine(typed.bytes, secrets: marked, keywords: typed.statement.keywordSpans, redactor: redactor)
    }

    /// The line with the secret spans masked and then masked as any text is; a keyword is kept as typed
    /// only when it is itself a secret the session holds (a token `auth`).
    private static func maskedLine(_ bytes: [UInt8], secrets: [Range<Int>], keywords: [Range<Int>], redactor: Redactor) -> String {
        let masked = Self.masked(bytes, secrets: secrets, keywords: [], redactor: redactor)
        // A command word is kept as typed only when it is itself a secret the session holds (a token `auth`);
        // any other is masked with the text around it, as the text is.
        let keywords = keywords.filter { span in
            let word = String(decoding: bytes[span], as: UTF8.self)
            return redactor.redactKnownSecrets(word) == Redactor.mask
        }
        guard !keywords.isEmpty else { return masked }
        let kept = Self.masked(bytes, secrets: secrets, keywords: keywords, redactor: redactor)
        // Kept only when no other secret the session holds runs across a kept word (`x; auth`).
        let keptMasked = Self.masked(bytes, secrets: secrets, keywords: keywords, redactor: redactor, keywordsMasked: true)
        return redactor.redactKnownSecrets(kept) == keptMasked ? kept : masked
    }

    /// The line with each secret span masked, each keyword set aside (or masked, with `keywordsMasked`),
    /// then the whole masked as any text is (known secrets, credential patterns, URL passwords), and the
    /// keywords put back.
    private static func masked(
        _ bytes: [UInt8], secrets: [Range<Int>], keywords: [Range<Int>], redactor: Redactor, keywordsMasked: Bool = false
    ) -> String {
        let marked = (keywords.map { ($0, true) } + secrets.map { ($0, false) }).sorted { $0.0.lowerBound < $1.0.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        var setAside: [(marker: String, word: String)] = []
        for (span, isKeyword) in marked where span.lowerBound >= position {
            out += bytes[position..<span.lowerBound]
            if isKeyword && !keywordsMasked {
                // A marker no text holds (a control character apish never reads in a line) stands in while
                // the text is masked.
                let marker = "\u{1}\(setAside.count)\u{1}"
                setAside.append((marker, String(decoding: bytes[span], as: UTF8.self)))
                out += Array(marker.utf8)
            } else {
                out += maskBytes
            }
            position = span.upperBound
        }
        out += bytes[position...]
        var text = TextPatterns.maskURLUserInfo(redactor.redact(String(decoding: out, as: UTF8.self)), userWithoutPassword: true)
        for (marker, word) in setAside { text = text.replacingAll(marker, with: word) }
        return text
    }
}
