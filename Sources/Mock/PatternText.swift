/// A string that a simple `pattern` matches, written from the pattern itself: literals, `.`, `\d \w \s`
/// (and their negations), classes with ranges (`[a-z0-9_]`, `[^,]`), groups, alternation (the first branch)
/// and the quantifiers `? * + {n} {n,} {n,m}`, each repeated as few times as it allows. Anything else
/// (look-arounds, back-references, `\b`, Unicode classes) is not simple: nil, and the caller writes
/// plain text instead.
struct PatternText {
    private let characters: [Character]
    private var position = 0
    /// Repetitions written at most for one quantified atom, so `a{1000000}` costs nothing to refuse.
    static let repeatLimit = 256
    /// The longest text written; a pattern that needs more (nested repeats) is not simple.
    static let lengthLimit = 4_096

    private init(_ pattern: String) {
        characters = Array(pattern)
    }

    /// The text, and whether the pattern is anchored at its start and end (where the caller may pad).
    static func text(matching pattern: String) -> (text: String, anchoredStart: Bool, anchoredEnd: Bool)? {
        var parser = PatternText(pattern)
        let anchoredStart = parser.characters.first == "^"
        if anchoredStart { parser.position = 1 }
        guard let text = parser.alternation(), parser.position == parser.characters.count else { return nil }
        let anchoredEnd = pattern.hasSuffix("$") && !pattern.hasSuffix("\\$")
        return (text, anchoredStart, anchoredEnd)
    }

    private var current: Character? { position < characters.count ? characters[position] : nil }

    /// Branches separated by `|`: the first is written, the others only read.
    private mutating func alternation() -> String? {
        guard let first = sequence() else { return nil }
        while current == "|" {
            position += 1
            guard sequence() != nil else { return nil }
        }
        return first
    }

    private mutating func sequence() -> String? {
        var text = ""
        while let character = current, character != "|", character != ")" {
            if character == "$", position == characters.count - 1 {
                position += 1
                continue
            }
            guard let atom = atom(), let (low, _) = quantifier() else { return nil }
            guard low <= Self.repeatLimit else { return nil }
            guard low * atom.count + text.count <= Self.lengthLimit else { return nil }
            for _ in 0..<low { text += atom }
        }
        return text
    }

    /// One atom's text.
    private mutating func atom() -> String? {
        guard let character = current else { return nil }
        position += 1
        switch character {
        case ".": return "a"
        case "(":
            if current == "?" {
                guard position + 1 < characters.count, characters[position + 1] == ":" else { return nil }
                position += 2
            }
            guard let inner = alternation(), current == ")" else { return nil }
            position += 1
            return inner
        case "[": return characterClass()
        case "\\": return escape(inClass: false)
        case "*", "+", "?", "{", ")", "^", "$": return nil
        default: return String(character)
        }
    }

    /// `[…]`: the first member, or for `[^…]` the first of a few plain characters it leaves out.
    private mutating func characterClass() -> String? {
        let negated = current == "^"
        if negated { position += 1 }
        var members: [(low: Character, high: Character)] = []
        var first = true
        while let character = current, character != "]" || first {
            first = false
            position += 1
            var low = character
            if character == "\\" {
                guard let escaped = escape(inClass: true), let only = escaped.first else { return nil }
                low = only
                if escaped.count > 1 {
                    members.append((low, low))
                    continue
                }
            }
            if current == "-", position + 1 < characters.count, characters[position + 1] != "]" {
                position += 1
                guard var high = current else { return nil }
                position += 1
                if high == "\\" {
                    guard let escaped = escape(inClass: true), let only = escaped.first else { return nil }
                    high = only
                }
                members.append((low, high))
            } else {
                members.append((low, low))
            }
        }
        guard current == "]" else { return nil }
        position += 1
        if !negated { return members.first.map { String($0.low) } }
        let candidates: [Character] = ["a", "x", "Z", "0", "7", "_", "-", " ", "."]
        return candidates.first { candidate in !members.contains { $0.low <= candidate && candidate <= $0.high } }.map(String.init)
    }

    /// After a backslash: a class escape as one character of its class, a literal as itself.
    private mutating func escape(inClass: Bool) -> String? {
        guard let character = current else { return nil }
        position += 1
        switch character {
        case "d": return "0"
        case "D": return "a"
        case "w": return "a"
        case "W": return "-"
        case "s": return " "
        case "S": return "a"
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "b", "B", "p", "P", "k", "1", "2", "3", "4", "5", "6", "7", "8", "9", "u", "x", "c": return nil
        default: return String(character)
        }
    }

    /// The bounds after an atom, default one; nil for a malformed `{…}`.
    private mutating func quantifier() -> (Int, Int?)? {
        var bounds: (Int, Int?) = (1, 1)
        switch current {
        case "?": bounds = (0, 1)
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "{":
            guard let close = characters[position...].firstIndex(of: "}") else { return nil }
            let inside = String(characters[(position + 1)..<close])
            let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
            guard let low = parts.first.flatMap({ Int($0) }), parts.count <= 2 else { return nil }
            let high = parts.count == 2 ? (parts[1].isEmpty ? nil : Int(parts[1])) : low
            position = close
            bounds = (low, high)
        default:
            return bounds
        }
        position += 1
        if current == "?" || current == "+" { position += 1 }
        return bounds
    }
}
