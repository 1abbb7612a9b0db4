import FoundationFree

/// The `{{name}}` templates every imported format writes its variables in: the parts of a string, and
/// what a name refers to.
enum Template {
    /// A piece of a template string.
    enum Part: Equatable {
        case text(String)
        case variable(String)
    }

    /// Where `}}` starts in `text`, nil when it does not.
    static func closing(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "}", text.index(after: index) < text.endIndex, text[text.index(after: index)] == "}" { return index }
            index = text.index(after: index)
        }
        return nil
    }

    /// `a{{b}}c` → text a, variable b, text c. An unclosed `{{` is text.
    static func parts(_ string: String) -> [Part] {
        var parts: [Part] = []
        var text = ""
        var rest = string[...]
        while let open = rest.firstRange(of: "{{") {
            let inner = rest[open.upperBound...]
            guard let close = closing(in: inner) else { break }
            text += rest[..<open.lowerBound]
            if !text.isEmpty { parts.append(.text(text)); text = "" }
            parts.append(.variable(String(inner[..<close]).trimmingBlanks()))
            rest = inner[close...].dropFirst(2)
        }
        text += rest
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }

    static func hasVariables(_ string: String) -> Bool {
        parts(string).contains { if case .variable = $0 { true } else { false } }
    }
}
