import Secrets
import ScriptLanguage

/// Which bytes of a statement are secret: what a command declares (`SecretArgument`), and every
/// `name=value`, `name==value`, `name:=json` or `Header:value` item named like a credential. Read from the
/// statement's word spans, so a secret is found whole however it was quoted (`'a'"b"`, `Bearer\ X`).
enum SecretSpans {
    /// The credential-named items among the arguments (every word after the name), the files of `<` and
    /// `>`, and the words of a pipe's shell command (`| grep token=…`).
    static func items(of syntax: ParsedCommand, in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var words = Array(syntax.wordSpans.dropFirst())
        if let input = syntax.inputSpan { words.append(input) }
        if case .pipe? = syntax.output, let pipe = syntax.outputSpan {
            let text = String(decoding: bytes[pipe], as: UTF8.self)
            for command in Tokenizer.parseTolerantly(text, takesOperators: nil) {
                words += command.wordSpans.map { ($0.lowerBound + pipe.lowerBound)..<($0.upperBound + pipe.lowerBound) }
            }
        } else if let output = syntax.outputSpan {
            words.append(output)
        }
        return words.compactMap { item($0, in: bytes) }
    }

    /// The bytes a declared secret covers, given the spans of the arguments (the words after the name).
    static func declared(_ secret: SecretArgument, spans: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        func unlessReference(_ range: Range<Int>) -> [Range<Int>] {
            isReference(bytes, at: range.lowerBound) ? [] : [range]
        }
        switch secret {
        case .whole(let index) where index < spans.count:
            return unlessReference(spans[index])
        case .afterEquals(let index) where index < spans.count:
            guard let equals = bytes[spans[index]].firstIndex(of: UInt8(ascii: "=")) else { return [] }
            return unlessReference(valueSpan(from: equals + 1, in: spans[index], bytes: bytes))
        case .afterColon(let index) where index < spans.count:
            guard let colon = bytes[spans[index]].firstIndex(of: UInt8(ascii: ":")) else { return [] }
            return unlessReference(valueSpan(from: colon + 1, in: spans[index], bytes: bytes))
        case .rest(let index) where index < spans.count:
            return unlessReference(spans[index].lowerBound..<(spans.last?.upperBound ?? spans[index].upperBound))
        case .afterAuthScheme(let index) where index < spans.count:
            let word = spans[index]
            let opensQuote = TextPatterns.isQuote(bytes[word.lowerBound])
            let start = opensQuote ? word.lowerBound + 1 : word.lowerBound
            let afterScheme = TextPatterns.afterAuthScheme(bytes, at: start)
            if afterScheme > start && afterScheme < word.upperBound {
                return unlessReference(valueSpan(from: afterScheme, in: word, bytes: bytes))
            } else if !opensQuote, index + 1 < spans.count, TextPatterns.isAuthScheme(bytes[word]), let last = spans.last {
                return unlessReference(spans[index + 1].lowerBound..<last.upperBound)
            }
            return []
        default:
            return []
        }
    }

    /// The spans in order, overlapping ones joined.
    static func merged(_ spans: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) where !span.isEmpty {
            if let last = merged.last, span.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// Whether a value starts with an environment reference (`${env.APISH_PASSWORD:-redacted}`), which a
    /// recording writes in place of a secret: a reference is not a secret, and masking it would break the replay.
    private static func isReference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let reference = Array("${env.".utf8)
        var index = start
        // quoted (`"${env.…}"`), or after quotes closed and opened around it (`'k='"${env.…}"''`)
        while index < min(start + 2, bytes.count), TextPatterns.isQuote(bytes[index]) { index += 1 }
        return index + reference.count <= bytes.count && bytes[index..<(index + reference.count)].elementsEqual(reference)
    }

    /// `key==X`, `password=X`, `token:=X` (credential parameters) and `Authorization:Bearer X`,
    /// `X-Session-Id:X` (credential headers), the word optionally quoted as a whole: the value's bytes.
    private static func item(_ word: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var index = word.lowerBound
        if TextPatterns.isQuote(bytes[index]) { index += 1 }
        let nameStart = index
        while index < word.upperBound, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ":") { index += 1 }
        guard index < word.upperBound, index > nameStart else { return nil }
        let name = bytes[nameStart..<index]
        let isColon = bytes[index] == UInt8(ascii: ":")
        let next = index + 1 < word.upperBound ? bytes[index + 1] : 0
        if isColon && next != UInt8(ascii: "=") {
            guard Redactor.isCredentialHeader(String(decoding: name, as: UTF8.self)) else { return nil }
            var start = index + 1
            if start < word.upperBound, TextPatterns.isQuote(bytes[start]) { start += 1 }
            while start < word.upperBound, TextPatterns.isSpace(bytes[start]) { start += 1 }
            start = TextPatterns.afterAuthScheme(bytes, at: start)
            guard start < word.upperBound, !isReference(bytes, at: start) else { return nil }
            return valueSpan(from: start, in: word, bytes: bytes)
        }
        guard Redactor.isCredentialParameter(name) else { return nil }
        let separatorLength = (isColon || next == UInt8(ascii: "=")) ? 2 : 1
        let start = index + separatorLength
        guard start < word.upperBound, !isReference(bytes, at: start) else { return nil }
        return valueSpan(from: start, in: word, bytes: bytes)
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
