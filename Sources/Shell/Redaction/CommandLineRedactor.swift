import Secrets
import ScriptLanguage

/// Masks the secrets of command lines as typed, for history, recordings, the echoed line and `--json`'s
/// `command`. The line is split by the shell's own tokenizer (quotes, escapes, `;`, `#`), each command asks
/// its declaration which arguments are secrets (`Command.secretArguments`), and every `name=value`,
/// `name==value`, `name:=json` or `Header:value` item named like a credential is masked too. So a secret is
/// masked whole however it was quoted (`'a'"b"`, `Bearer\ X`), and a new command declares its secrets
/// where it declares its usage.
struct CommandLineRedactor {
    let registry: CommandRegistry

    private static let maskBytes = Array(Redactor.mask.utf8)

    /// `line` with the session's known secrets, URL passwords and every declared or credential-named
    /// argument masked.
    func redact(_ line: String, session: Session, redactor: Redactor) -> String {
        let text = TextPatterns.maskURLUserInfo(redactor.redact(line), userWithoutPassword: true)
        let commands = Tokenizer.spannedCommands(text)
        guard !commands.isEmpty else { return text }
        return TextEdits.rewriting(text) { bytes, edits in
            for words in commands {
                let name = words[0].word.literal ?? words[0].word.text
                if let command = registry.command(named: name) {
                    let arguments = words.dropFirst().map { $0.word.literal ?? $0.word.text }
                    let spans = words.dropFirst().map(\.span)
                    for secret in command.secretArguments(arguments, session: session) {
                        mask(secret, spans: spans, bytes: bytes, into: &edits)
                    }
                }
                for word in words.dropFirst() { maskItem(word.span, in: bytes, into: &edits) }
            }
        }
    }

    // MARK: Declared secrets

    private func mask(_ secret: SecretArgument, spans: [Range<Int>], bytes: UnsafeBufferPointer<UInt8>, into edits: inout TextEdits) {
        func replace(_ range: Range<Int>) {
            if !Self.isReference(bytes, at: range.lowerBound) { edits.replace(range, with: Self.maskBytes) }
        }
        switch secret {
        case .whole(let index) where index < spans.count:
            replace(spans[index])
        case .afterEquals(let index) where index < spans.count:
            if let equals = bytes[spans[index]].firstIndex(of: UInt8(ascii: "=")) {
                replace(Self.valueSpan(from: equals + 1, in: spans[index], bytes: bytes))
            }
        case .afterColon(let index) where index < spans.count:
            if let colon = bytes[spans[index]].firstIndex(of: UInt8(ascii: ":")) {
                replace(Self.valueSpan(from: colon + 1, in: spans[index], bytes: bytes))
            }
        case .rest(let index) where index < spans.count:
            replace(spans[index].lowerBound..<(spans.last?.upperBound ?? spans[index].upperBound))
        case .afterAuthScheme(let index) where index < spans.count:
            let word = spans[index]
            let opensQuote = TextPatterns.isQuote(bytes[word.lowerBound])
            let start = opensQuote ? word.lowerBound + 1 : word.lowerBound
            let afterScheme = TextPatterns.afterAuthScheme(bytes, at: start)
            if afterScheme > start && afterScheme < word.upperBound {
                replace(Self.valueSpan(from: afterScheme, in: word, bytes: bytes))
            } else if !opensQuote, index + 1 < spans.count, TextPatterns.isAuthScheme(bytes[word]), let last = spans.last {
                replace(spans[index + 1].lowerBound..<last.upperBound)
            }
        default:
            break
        }
    }

    /// Whether a value starts with an environment reference (`${env.APISH_PASSWORD:-redacted}`), which a
    /// recording writes in place of a secret: a reference is not a secret, and masking it would break the replay.
    private static func isReference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let reference = Array("${env.".utf8)
        var index = start
        if index < bytes.count, TextPatterns.isQuote(bytes[index]) { index += 1 }
        return index + reference.count <= bytes.count && bytes[index..<(index + reference.count)].elementsEqual(reference)
    }

    // MARK: Items

    /// `key==X`, `password=X`, `token:=X` (credential parameters) and `Authorization:Bearer X`,
    /// `X-Session-Id:X` (credential headers), the word optionally quoted as a whole.
    private func maskItem(_ word: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, into edits: inout TextEdits) {
        var index = word.lowerBound
        if TextPatterns.isQuote(bytes[index]) { index += 1 }
        let nameStart = index
        while index < word.upperBound, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ":") { index += 1 }
        guard index < word.upperBound, index > nameStart else { return }
        let name = bytes[nameStart..<index]
        let isColon = bytes[index] == UInt8(ascii: ":")
        let next = index + 1 < word.upperBound ? bytes[index + 1] : 0
        if isColon && next != UInt8(ascii: "=") {
            guard Redactor.isCredentialHeader(String(decoding: name, as: UTF8.self)) else { return }
            var start = index + 1
            if start < word.upperBound, TextPatterns.isQuote(bytes[start]) { start += 1 }
            while start < word.upperBound, TextPatterns.isSpace(bytes[start]) { start += 1 }
            start = TextPatterns.afterAuthScheme(bytes, at: start)
            guard start < word.upperBound, !Self.isReference(bytes, at: start) else { return }
            edits.replace(Self.valueSpan(from: start, in: word, bytes: bytes), with: Self.maskBytes)
        } else {
            guard Redactor.isCredentialParameter(name) else { return }
            let separatorLength = (isColon || next == UInt8(ascii: "=")) ? 2 : 1
            let start = index + separatorLength
            guard start < word.upperBound, !Self.isReference(bytes, at: start) else { return }
            edits.replace(Self.valueSpan(from: start, in: word, bytes: bytes), with: Self.maskBytes)
        }
    }

    /// From `start` to the end of the word, leaving out a closing quote that matches the quote opened
    /// before the value when the value holds no other quote (`'x-api-key:X'` and `Authorization:'Bearer X'`
    /// keep their `'`; `'a'"b"` is masked whole).
    private static func valueSpan(from start: Int, in word: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let last = bytes[word.upperBound - 1]
        guard start < word.upperBound - 1, TextPatterns.isQuote(last),
              bytes[word.lowerBound..<start].last(where: TextPatterns.isQuote) == last,
              !bytes[start..<(word.upperBound - 1)].contains(where: TextPatterns.isQuote)
        else { return start..<word.upperBound }
        return start..<(word.upperBound - 1)
    }
}
