/// One shell word, as the tokenizer found it: literal text and `$variable` references, kept apart so that
/// variables are looked up only when the command runs (a `set` earlier on the same line must count).
public struct Word: Sendable, Equatable {
    /// A run of literal text or a variable reference. Adjacent literals are merged and empty literals are
    /// dropped, so `""` has no parts at all.
    public enum Part: Sendable, Equatable {
        case literal(String)
        case variable(String)
        /// `${NAME:-fallback}`: the fallback when NAME is not set (recordings use it for secrets).
        case variableWithDefault(String, fallback: String)
    }

    public var parts: [Part]
    /// The word exactly as typed, quotes and escapes included (for history and recorded scripts).
    public var text: String
    /// Whether quotes or a backslash escape were used anywhere in the word.
    public var isQuoted: Bool

    public init(parts: [Part], text: String, isQuoted: Bool = false) {
        self.parts = parts
        self.text = text
        self.isQuoted = isQuoted
    }

    /// A word with no variables whose typed text is its value (handy for commands built in code).
    public init(literal value: String) {
        self.init(parts: value.isEmpty ? [] : [.literal(value)], text: value)
    }

    /// The value with every variable replaced by `lookup`'s answer; an unknown variable is an error
    /// (an empty expansion would silently send the wrong request).
    public func expand(_ lookup: (String) -> String?) throws(TokenizerError) -> String {
        // Most words are one literal: that text is the value, with nothing appended to make it.
        if parts.count == 1, case .literal(let text) = parts[0] { return text }
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text):
                result += text
            case .variable(let name):
                guard let value = lookup(name) else {
                    throw TokenizerError(message: "unknown variable $\(name)", column: 0)
                }
                result += value
            case let .variableWithDefault(name, fallback):
                result += lookup(name) ?? fallback
            }
        }
        return result
    }

    /// The value when the word has no variables; `nil` when it needs expanding.
    public var literal: String? {
        // One literal part, as nearly every word is: its text, without a string built to hold it.
        if parts.count == 1, case .literal(let text) = parts[0] { return text }
        var result = ""
        for part in parts {
            guard case .literal(let text) = part else { return nil }
            result += text
        }
        return result
    }
}
