import Shell
import ScriptLanguage

// The tokenizer as it was before it scanned UTF-8 bytes (commit e9595fb), kept as the reference the
// fuzzer compares the byte scanner against.
/// The state of one pass of `Tokenizer.split` over a line.
///
/// It walks Unicode scalars rather than `Character`s: every piece of syntax is a single ASCII scalar, and a
/// combining mark typed after a quote must not glue itself to the quote and hide it.
struct ReferenceLineScanner {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ line: String) {
        scalars = Array(line.unicodeScalars)
    }

    mutating func commands() throws(TokenizerError) -> [[Word]] {
        var commands: [[Word]] = []
        var current: [Word] = []
        while true {
            while let scalar = peek(), Self.isBlank(scalar) { position += 1 }
            guard let scalar = peek() else { break }
            if scalar == ";" {
                position += 1
                if !current.isEmpty { commands.append(current) }
                current = []
            } else if scalar == "#" {
                break
            } else {
                current.append(try word())
            }
        }
        if !current.isEmpty { commands.append(current) }
        return commands
    }

    private mutating func word() throws(TokenizerError) -> Word {
        let start = position
        var parts = ReferencePartsBuilder()
        var isQuoted = false
        while let scalar = peek(), !Self.isBlank(scalar), scalar != ";" {
            switch scalar {
            case "'":
                isQuoted = true
                try singleQuoted(into: &parts)
            case "\"":
                isQuoted = true
                try doubleQuoted(into: &parts)
            case "\\":
                isQuoted = true
                guard let escaped = peek(at: position + 1) else {
                    throw error("trailing backslash", at: position)
                }
                parts.append(escaped)
                position += 2
            case "$":
                try variable(into: &parts)
            default:
                parts.append(scalar)
                position += 1
            }
        }
        return Word(parts: parts.finish(), text: text(from: start, to: position), isQuoted: isQuoted)
    }

    private mutating func singleQuoted(into parts: inout ReferencePartsBuilder) throws(TokenizerError) {
        let opening = position
        position += 1
        while let scalar = peek() {
            position += 1
            if scalar == "'" { return }
            parts.append(scalar)
        }
        throw error("unterminated single quote", at: opening)
    }

    private mutating func doubleQuoted(into parts: inout ReferencePartsBuilder) throws(TokenizerError) {
        let opening = position
        position += 1
        while let scalar = peek() {
            switch scalar {
            case "\"":
                position += 1
                return
            case "\\":
                if let next = peek(at: position + 1), next == "\"" || next == "\\" || next == "$" {
                    parts.append(next)
                    position += 2
                } else {
                    parts.append(scalar)
                    position += 1
                }
            case "$":
                try variable(into: &parts)
            default:
                parts.append(scalar)
                position += 1
            }
        }
        throw error("unterminated double quote", at: opening)
    }

    /// Reads `$NAME` or `${NAME}` at the current `$`; a `$` without a name after it is literal.
    private mutating func variable(into parts: inout ReferencePartsBuilder) throws(TokenizerError) {
        let dollar = position
        guard let next = peek(at: dollar + 1) else {
            parts.append("$")
            position += 1
            return
        }
        if next == "{" {
            var end = dollar + 2
            while let scalar = peek(at: end), scalar != "}" { end += 1 }
            guard end < scalars.count else { throw error("missing } after ${", at: dollar) }
            var name = scalars[(dollar + 2)..<end]
            var fallback: String?
            // `${NAME:-fallback}`, as in POSIX shells: the fallback is plain text up to the `}`.
            if let colon = name.indices.first(where: { name[$0] == ":" && $0 + 1 < end && scalars[$0 + 1] == "-" }) {
                fallback = text(from: colon + 2, to: end)
                name = scalars[(dollar + 2)..<colon]
            }
            guard !name.isEmpty else { throw error("empty variable name in ${}", at: dollar) }
            if let offending = name.firstIndex(where: { !Self.isNameCharacter($0) && $0 != "." }) {
                throw error("'\(scalars[offending])' cannot be part of a variable name", at: offending)
            }
            parts.appendVariable(String(String.UnicodeScalarView(name)), fallback: fallback)
            position = end + 1
            return
        }
        guard Self.isNameStart(next) else {
            parts.append("$")
            position += 1
            return
        }
        var end = dollar + 1
        while let scalar = peek(at: end) {
            if Self.isNameCharacter(scalar) {
                end += 1
            } else if scalar == ".", let after = peek(at: end + 1), Self.isNameCharacter(after) {
                // A dot joins name parts (`$env.HOME`) but a trailing one ends a sentence.
                end += 1
            } else {
                break
            }
        }
        parts.appendVariable(String(String.UnicodeScalarView(scalars[(dollar + 1)..<end])))
        position = end
    }

    private func peek() -> Unicode.Scalar? {
        peek(at: position)
    }

    private func peek(at index: Int) -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private func text(from start: Int, to end: Int) -> String {
        String(String.UnicodeScalarView(scalars[start..<end]))
    }

    /// Columns count characters as the user sees them, not scalars.
    private func error(_ message: String, at index: Int) -> TokenizerError {
        TokenizerError(message: message, column: text(from: 0, to: index).count + 1)
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// ASCII only, so that `"$name님"` ends the name before the Korean suffix.
    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar)
    }
}

/// Collects a word's parts, merging adjacent literal text.
private struct ReferencePartsBuilder {
    private var parts: [Word.Part] = []
    private var pending = String.UnicodeScalarView()

    mutating func append(_ scalar: Unicode.Scalar) {
        pending.append(scalar)
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
        parts.append(.literal(String(pending)))
        pending = String.UnicodeScalarView()
    }
}
