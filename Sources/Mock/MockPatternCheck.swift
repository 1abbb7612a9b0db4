import FoundationFree
import JSON

/// The schema patterns of a description the mock cannot write text for: the regex engine the validator
/// uses refuses them (look-around, back-references, a count above its limit such as `a{99999999999}`) or
/// finds no matching text within its bounds. A string under one is answered with a plain word, which
/// the pattern may refuse; each is said once at start.
enum MockPatternCheck {
    /// Distinct patterns looked at, at most (a description is bounded; this keeps start-up so too).
    static let patternLimit = 5_000

    static func warnings(in document: RawDocument) -> [String] {
        var patterns: [String] = []
        var seen = Set<String>()
        var pending: [JSONValue] = [document.root]
        while let value = pending.popLast(), seen.count < patternLimit {
            switch value {
            case .object(let members):
                if case .string(let pattern)? = members["pattern"], members["type"] != nil || members["minLength"] != nil
                    || members["maxLength"] != nil || members["format"] != nil, seen.insert(pattern).inserted {
                    patterns.append(pattern)
                }
                pending.append(contentsOf: members.values)
            case .array(let elements):
                pending.append(contentsOf: elements)
            default:
                continue
            }
        }
        return patterns.compactMap { pattern -> String? in
            let quoted = JSONValue.string(pattern).encoded()
            do {
                guard try BoundedRegex(pattern).example() == nil else { return nil }
                return "pattern \(quoted): no text matching it was found within the mock's bounds; a plain word is answered there"
            } catch {
                return "pattern \(quoted) is not read (\(error)); a plain word is answered there"
            }
        }
    }
}
