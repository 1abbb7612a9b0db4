import FoundationFree

/// The state of one pass of `Tokenizer.split` over a line.
///
/// It walks the line's UTF-8 bytes: every piece of syntax is a single ASCII byte, which never occurs inside
/// the encoding of another character, so a combining mark typed after a quote cannot glue itself to the
/// quote and hide it. Runs of ordinary text are copied as whole slices, which keeps a line of megabytes
/// cheap to scan.
package struct LineScanner {
    private let bytes: [UInt8]
    private var position = 0
    /// The single-quoted text read since the last word or operator was added to a command.
    private var singleQuoted: [Range<Int>] = []

    package init(_ line: String) {
        bytes = Array(line.utf8)
    }

    /// Whether `|`, `>`, `>>`, `<` and `<<` outside quotes are operators in the command being scanned.
    private var operatorsOn = false

    /// The commands of the line. With `takesOperators`, the first word of each command decides whether the
    /// rest of it has input and output operators (`expect price > 0` compares; `get x > out.json` saves);
    /// without it, the operator characters are text, as they always were. Each word keeps its span.
    ///
    /// `tolerant` never fails, for reading a line that is wrong or still being typed (masking, completion):
    /// a word with an open quote runs to the end of the line, and an operator without what it takes is
    /// skipped. So a line is split the same way for masking as for running.
    package mutating func commands(takesOperators: ((String) -> Bool)? = nil, tolerant: Bool = false) throws(TokenizerError) -> [ParsedCommand] {
        var commands: [ParsedCommand] = []
        var current = ParsedCommand()
        operatorsOn = takesOperators != nil
        while true {
            while let byte = peek(), Self.isBlank(byte) { position += 1 }
            guard let byte = peek() else { break }
            if byte == Self.semicolon {
                position += 1
                if !current.words.isEmpty || current.hasOperators { commands.append(current) }
                current = ParsedCommand()
                operatorsOn = takesOperators != nil
            } else if byte == UInt8(ascii: "#") {
                let comment = text(from: position + 1, to: bytes.count)
                if !current.words.isEmpty || current.hasOperators {
                    current.comment = comment
                } else if var last = commands.popLast() {
                    last.comment = comment
                    commands.append(last)
                }
                break
            } else if operatorsOn, Self.isOperator(byte) {
                let start = position
                do {
                    try scanOperator(into: &current)
                } catch where tolerant {
                    position = start + 1
                }
                current.singleQuotedSpans += singleQuoted
                singleQuoted = []
            } else {
                let start = position
                let word: Word
                do {
                    word = try self.word()
                } catch where tolerant {
                    word = Word(literal: text(from: start, to: bytes.count))
                    position = bytes.count
                }
                if current.words.isEmpty, let takesOperators {
                    operatorsOn = takesOperators(word.literal ?? "")
                }
                current.words.append(word)
                current.wordSpans.append(start..<position)
                current.singleQuotedSpans += singleQuoted
                singleQuoted = []
            }
        }
        if !current.words.isEmpty || current.hasOperators { commands.append(current) }
        return commands
    }

    /// Reads one operator and what it takes: the rest of the line after `|`, a file after `>`, `>>` or `<`,
    /// the closing word after `<<`.
    private mutating func scanOperator(into command: inout ParsedCommand) throws(TokenizerError) {
        let start = position
        let byte = bytes[position]
        let doubled = peek(at: position + 1) == byte && byte != Self.pipe
        let symbol = text(from: start, to: start + (doubled ? 2 : 1))
        guard !command.words.isEmpty else { throw error("nothing before \(symbol)", at: start) }
        position += doubled ? 2 : 1
        if byte == Self.pipe {
            let rest = text(from: position, to: bytes.count).trimmingBlanks()
            guard !rest.isEmpty else { throw error("| needs a shell command after it", at: start) }
            guard command.output == nil else { throw error("only one of |, > and >> per command", at: start) }
            command.output = .pipe(rest)
            command.operatorText += " | " + rest
            command.outputSpan = position..<bytes.count
            position = bytes.count
            return
        }
        while let next = peek(), Self.isBlank(next) { position += 1 }
        guard let next = peek(), next != Self.semicolon, !Self.isOperator(next) else {
            let what = symbol == "<<" ? "a closing word (<<EOF)" : "a file name"
            throw error("\(symbol) needs \(what) after it", at: start)
        }
        let targetStart = position
        let target = try word()
        let targetSpan = targetStart..<position
        command.operatorText += " \(symbol) " + target.text
        if byte == UInt8(ascii: ">") {
            guard command.output == nil else { throw error("only one of |, > and >> per command", at: start) }
            command.output = .file(target, append: doubled)
            command.outputSpan = targetSpan
            return
        }
        guard command.input == nil else { throw error("only one of < and << per command", at: start) }
        if doubled {
            guard let delimiter = target.literal, !delimiter.isEmpty else {
                throw error("the closing word after << is plain text, not a variable", at: start)
            }
            command.input = .heredoc(delimiter: delimiter)
        } else {
            command.input = .file(target)
        }
        command.inputSpan = targetSpan
    }

    private mutating func word() throws(TokenizerError) -> Word {
        let start = position
        var parts = PartsBuilder()
        var isQuoted = false
        while let byte = peek(), !Self.isBlank(byte), byte != Self.semicolon, !(operatorsOn && Self.isOperator(byte)) {
            switch byte {
            case UInt8(ascii: "'"):
                isQuoted = true
                try singleQuotedText(into: &parts)
            case UInt8(ascii: "\""):
                isQuoted = true
                try doubleQuoted(into: &parts)
            case Self.backslash:
                isQuoted = true
                guard position + 1 < bytes.count else {
                    throw error("trailing backslash", at: position)
                }
                // The escaped character whole, however many bytes it takes.
                let end = Self.scalarEnd(in: bytes, from: position + 1)
                parts.append(bytes[(position + 1)..<end])
                position = end
            case UInt8(ascii: "$"):
                try variable(into: &parts)
            default:
                let operators = operatorsOn
                let end = run(from: position) { !Self.isBlank($0) && !Self.isWordSyntax($0) && !(operators && Self.isOperator($0)) }
                parts.append(bytes[position..<end])
                position = end
            }
        }
        return Word(parts: parts.finish(), text: text(from: start, to: position), isQuoted: isQuoted)
    }

    private mutating func singleQuotedText(into parts: inout PartsBuilder) throws(TokenizerError) {
        let opening = position
        let end = run(from: position + 1) { $0 != UInt8(ascii: "'") }
        // An open quote holds the rest of the line, as a tolerant reading takes it.
        singleQuoted.append((opening + 1)..<end)
        guard end < bytes.count else { throw error("unterminated single quote", at: opening) }
        parts.append(bytes[(opening + 1)..<end])
        position = end + 1
    }

    private mutating func doubleQuoted(into parts: inout PartsBuilder) throws(TokenizerError) {
        let opening = position
        position += 1
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return
            case Self.backslash:
                if let next = peek(at: position + 1), next == UInt8(ascii: "\"") || next == Self.backslash || next == UInt8(ascii: "$") {
                    parts.append(bytes[(position + 1)..<(position + 2)])
                    position += 2
                } else {
                    parts.append(bytes[position..<(position + 1)])
                    position += 1
                }
            case UInt8(ascii: "$"):
                try variable(into: &parts)
            default:
                let end = run(from: position) { $0 != UInt8(ascii: "\"") && $0 != Self.backslash && $0 != UInt8(ascii: "$") }
                parts.append(bytes[position..<end])
                position = end
            }
        }
        throw error("unterminated double quote", at: opening)
    }

    /// Reads `$NAME` or `${NAME}` at the current `$`; a `$` without a name after it is literal.
    private mutating func variable(into parts: inout PartsBuilder) throws(TokenizerError) {
        let dollar = position
        guard let next = peek(at: dollar + 1) else {
            parts.append(bytes[dollar..<(dollar + 1)])
            position += 1
            return
        }
        if next == UInt8(ascii: "{") {
            let end = run(from: dollar + 2) { $0 != UInt8(ascii: "}") }
            guard end < bytes.count else { throw error("missing } after ${", at: dollar) }
            var nameEnd = end
            var fallback: String?
            // `${NAME:-fallback}`, as in POSIX shells: the fallback is plain text up to the `}`.
            if let colon = ((dollar + 2)..<end).first(where: { bytes[$0] == UInt8(ascii: ":") && $0 + 1 < end && bytes[$0 + 1] == UInt8(ascii: "-") }) {
                fallback = text(from: colon + 2, to: end)
                nameEnd = colon
            }
            let name = (dollar + 2)..<nameEnd
            guard !name.isEmpty else { throw error("empty variable name in ${}", at: dollar) }
            if let offending = name.first(where: { !Self.isNameCharacter(bytes[$0]) && bytes[$0] != UInt8(ascii: ".") }) {
                let character = text(from: offending, to: Self.scalarEnd(in: bytes, from: offending))
                throw error("'\(character)' cannot be part of a variable name", at: offending)
            }
            parts.appendVariable(text(from: name.lowerBound, to: name.upperBound), fallback: fallback)
            position = end + 1
            return
        }
        guard Self.isNameStart(next) else {
            parts.append(bytes[dollar..<(dollar + 1)])
            position += 1
            return
        }
        var end = dollar + 1
        while let byte = peek(at: end) {
            if Self.isNameCharacter(byte) {
                end += 1
            } else if byte == UInt8(ascii: "."), let after = peek(at: end + 1), Self.isNameCharacter(after) {
                // A dot joins name parts (`$env.HOME`) but a trailing one ends a sentence.
                end += 1
            } else {
                break
            }
        }
        parts.appendVariable(text(from: dollar + 1, to: end))
        position = end
    }

    private func peek() -> UInt8? {
        peek(at: position)
    }

    private func peek(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// The index of the first byte from `start` on that is not `inRun`, or the end of the line.
    private func run(from start: Int, while inRun: (UInt8) -> Bool) -> Int {
        var index = start
        while index < bytes.count, inRun(bytes[index]) { index += 1 }
        return index
    }

    private func text(from start: Int, to end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Columns count characters as the user sees them, not bytes.
    private func error(_ message: String, at index: Int) -> TokenizerError {
        TokenizerError(message: message, column: text(from: 0, to: index).count + 1)
    }

    /// Past the UTF-8 sequence of the scalar starting at `index` (its lead byte and continuation bytes).
    private static func scalarEnd(in bytes: [UInt8], from index: Int) -> Int {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let pipe = UInt8(ascii: "|")

    /// `|`, `>` and `<`: input and output operators where the command takes them.
    private static func isOperator(_ byte: UInt8) -> Bool {
        byte == pipe || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<")
    }
    private static let backslash = UInt8(ascii: "\\")

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// What ends a run of plain text inside a word.
    private static func isWordSyntax(_ byte: UInt8) -> Bool {
        byte == semicolon || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == backslash || byte == UInt8(ascii: "$")
    }

    /// ASCII only, so that `"$name님"` ends the name before the Korean suffix.
    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// Collects a word's parts, merging adjacent literal text.
private struct PartsBuilder {
    private var parts: [Word.Part] = []
    private var pending: [UInt8] = []

    mutating func append(_ slice: ArraySlice<UInt8>) {
        pending.append(contentsOf: slice)
    }

    mutating func appendVariable(_ name: String, fallback: String? = nil) {
        flush()
        parts.append(fallback.map { .variableWithDefault(name, fallback: $0) } ?? .variable(name))
    }

    mutating func finish() -> [Word.Part] {
        flush()
        return parts
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        parts.append(.literal(String(decoding: pending, as: UTF8.self)))
        pending.removeAll(keepingCapacity: true)
    }
}
