import JSON
/// Masks the secret arguments of command lines as typed, for history and recordings. The line is split
/// into shell words the way the shell's tokenizer splits it (quotes, backslash escapes, `;` between
/// commands, `#` comments), so a secret is masked whole however it was quoted: `'a'"b"`, `Bearer\ X`.
enum CommandLineRedaction {
    private static let maskBytes = Array(Redactor.mask.utf8)

    static func redact(_ line: String) -> String {
        let line = TextPatterns.maskURLUserInfo(line, userWithoutPassword: true)
        return TextEdits.rewriting(line) { bytes, edits in
            for command in commands(in: bytes) {
                maskArguments(of: command, in: bytes, into: &edits)
                for word in command { maskItem(word, in: bytes, into: &edits) }
            }
        }
    }

    // MARK: Commands

    /// `auth bearer X`, `auth key NAME=X`, `header NAME X…`, `set NAME X…` (a credential name, or a value
    /// starting with an auth scheme).
    private static func maskArguments(of words: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>, into edits: inout TextEdits) {
        guard words.count >= 3, let last = words.last else { return }
        let command = lowercasedValue(words[0], in: bytes), first = unquoted(words[1], in: bytes)
        let rest = words[2].lowerBound..<last.upperBound
        switch command {
        case "auth" where first.lowercased() == "bearer":
            if !isReference(bytes, at: words[2].lowerBound) { edits.replace(words[2], with: maskBytes) }
        case "auth" where first.lowercased() == "basic" || first.lowercased() == "digest":
            // `USER:PASSWORD`: the user stays, so a recording can say whose password to set.
            if let colon = bytes[words[2]].firstIndex(of: UInt8(ascii: ":")), colon + 1 < words[2].upperBound,
               !isReference(bytes, at: colon + 1) {
                edits.replace(valueSpan(from: colon + 1, in: words[2], bytes: bytes), with: maskBytes)
            }
        case "header" where Redactor.isCredentialHeader(first) && words.count >= 4 && TextPatterns.isAuthScheme(bytes[words[2]]):
            // `header Authorization Basic X`: the scheme stays, so the line still says what it sets.
            if !isReference(bytes, at: words[3].lowerBound) { edits.replace(words[3].lowerBound..<last.upperBound, with: maskBytes) }
        case "auth" where first.lowercased() == "key":
            if let equals = bytes[words[2]].firstIndex(of: UInt8(ascii: "=")) {
                edits.replace(valueSpan(from: equals + 1, in: words[2], bytes: bytes), with: maskBytes)
            }
        case "header" where Redactor.isCredentialHeader(first):
            if !isReference(bytes, at: rest.lowerBound) { edits.replace(rest, with: maskBytes) }
        case "set" where Redactor.isCredentialName(first):
            edits.replace(rest, with: maskBytes)
        case "set":
            let word = words[2]
            let opensQuote = TextPatterns.isQuote(bytes[word.lowerBound])
            let start = opensQuote ? word.lowerBound + 1 : word.lowerBound
            let afterScheme = TextPatterns.afterAuthScheme(bytes, at: start)
            if afterScheme > start && afterScheme < word.upperBound {
                edits.replace(valueSpan(from: afterScheme, in: word, bytes: bytes), with: maskBytes)
            } else if !opensQuote, words.count >= 4, TextPatterns.isAuthScheme(bytes[word]) {
                edits.replace(words[3].lowerBound..<last.upperBound, with: maskBytes)
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
    private static func maskItem(_ word: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, into edits: inout TextEdits) {
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
            guard start < word.upperBound, !isReference(bytes, at: start) else { return }
            edits.replace(valueSpan(from: start, in: word, bytes: bytes), with: maskBytes)
        } else {
            guard Redactor.isCredentialParameter(name) else { return }
            let separatorLength = (isColon || next == UInt8(ascii: "=")) ? 2 : 1
            let start = index + separatorLength
            guard start < word.upperBound, !isReference(bytes, at: start) else { return }
            edits.replace(valueSpan(from: start, in: word, bytes: bytes), with: maskBytes)
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

    // MARK: Words

    /// The commands of a line (split at unquoted `;`, up to a `#` that starts a word), each as the byte
    /// ranges of its words, quotes included.
    static func commands(in bytes: UnsafeBufferPointer<UInt8>) -> [[Range<Int>]] {
        var commands: [[Range<Int>]] = []
        var current: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            while index < bytes.count, TextPatterns.isBlank(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: ";") {
                if !current.isEmpty { commands.append(current) }
                current = []
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "#") { break }
            let start = index
            index = endOfWord(bytes, from: index)
            current.append(start..<index)
        }
        if !current.isEmpty { commands.append(current) }
        return commands
    }

    private static func endOfWord(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, !TextPatterns.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ";") {
            switch bytes[index] {
            case UInt8(ascii: "'"):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") { index += 1 }
                index = min(index + 1, bytes.count)
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(index + 1, bytes.count)
            case UInt8(ascii: "\\"):
                index = min(index + 2, bytes.count)
            default:
                index += 1
            }
        }
        return index
    }

    /// A word's value with its quotes and escapes removed.
    private static func unquoted(_ word: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var value: [UInt8] = []
        var index = word.lowerBound
        var quote: UInt8?
        while index < word.upperBound {
            let byte = bytes[index]
            if let open = quote {
                if byte == open {
                    quote = nil
                } else if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), index + 1 < word.upperBound {
                    index += 1
                    value.append(bytes[index])
                } else {
                    value.append(byte)
                }
            } else if TextPatterns.isQuote(byte) {
                quote = byte
            } else if byte == UInt8(ascii: "\\"), index + 1 < word.upperBound {
                index += 1
                value.append(bytes[index])
            } else {
                value.append(byte)
            }
            index += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    private static func lowercasedValue(_ word: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard word.count <= 16 else { return "" }
        return unquoted(word, in: bytes).lowercased()
    }
}
