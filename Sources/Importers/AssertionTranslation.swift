import ScriptLanguage

/// One imported assertion as an `expect` line, when apish can say it: status, header and JSON path checks
/// with `==`, `!=`, `<`, `<=`, `>`, `>=`, `contains`/`includes`, `startsWith`/`endsWith` (as anchored
/// `matches`), `matches`, `exists`, `count` and `isEmpty`.
enum AssertionTranslation {
    private static let comparisons: Set<String> = ["==", "!=", "<", "<=", ">", ">="]

    static func expect(_ assertion: ImportedAssertion, words: inout ScriptWords) -> String? {
        var predicate = assertion.predicate
        if assertion.negated {
            switch predicate {
            case "==": predicate = "!="
            case "!=": predicate = "=="
            default: return nil
            }
        }
        switch assertion.query {
        case .status:
            guard assertion.filters.isEmpty, comparisons.contains(predicate), case .number(let number)? = assertion.value, Int(number) != nil else { return nil }
            return predicate == "==" ? "expect status \(number)" : "expect status \(predicate) \(number)"
        case .header(let name):
            guard assertion.filters.isEmpty, let nameWord = try? Tokenizer.quote(name) else { return nil }
            let head = "expect header \(nameWord)"
            switch predicate {
            case "exists": return head + " exists"
            case "==", "!=": return operand(assertion.value, words: &words).map { "\(head) \(predicate) \($0)" }
            case "contains", "includes": return operand(assertion.value, words: &words).map { "\(head) contains \($0)" }
            case "matches": return regex(assertion.value).map { "\(head) matches \($0)" }
            case "startsWith": return anchored(assertion.value, start: true).map { "\(head) matches \($0)" }
            case "endsWith": return anchored(assertion.value, start: false).map { "\(head) matches \($0)" }
            default: return nil
            }
        case .jsonPath(let expression):
            guard let path = PathConversion.apishPath(expression), let pathWord = try? Tokenizer.quote(path) else { return nil }
            if assertion.filters == [ImportedFilter("count")] {
                guard comparisons.contains(predicate), case .number(let number)? = assertion.value, Int(number) != nil else { return nil }
                return "expect count \(pathWord) \(predicate) \(number)"
            }
            guard assertion.filters.isEmpty else { return nil }
            switch predicate {
            case "exists": return "expect \(pathWord) exists"
            case "isEmpty": return "expect count \(pathWord) == 0"
            case _ where comparisons.contains(predicate):
                return operand(assertion.value, words: &words).map { "expect \(pathWord) \(predicate) \($0)" }
            case "contains", "includes": return operand(assertion.value, words: &words).map { "expect \(pathWord) contains \($0)" }
            case "matches": return regex(assertion.value).map { "expect \(pathWord) matches \($0)" }
            case "startsWith": return anchored(assertion.value, start: true).map { "expect \(pathWord) matches \($0)" }
            case "endsWith": return anchored(assertion.value, start: false).map { "expect \(pathWord) matches \($0)" }
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A value after an operator: a string always quoted (so `"63"` stays a string), a number, a boolean or
    /// null as a bare word, a variable as `${name}`.
    private static func operand(_ value: ImportedValue?, words: inout ScriptWords) -> String? {
        switch value {
        case .string(let text)?:
            if Template.hasVariables(text) { return words.word(text) }
            guard !text.contains("\n") else { return nil }
            return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
        case .number(let number)?: return Double(number) != nil ? number : nil
        case .bool(let bool)?: return bool ? "true" : "false"
        case .null?: return "null"
        case .variable(let name)?: return words.reference(name)
        default: return nil
        }
    }

    private static func regex(_ value: ImportedValue?) -> String? {
        switch value {
        case .string(let text)?, .regex(let text)?: return try? Tokenizer.quote(text)
        default: return nil
        }
    }

    private static func anchored(_ value: ImportedValue?, start: Bool) -> String? {
        guard case .string(let text)? = value, !Template.hasVariables(text) else { return nil }
        let escaped = RegexText.escaped(text)
        return try? Tokenizer.quote(start ? "^" + escaped : escaped + "$")
    }

    /// The kind a warning names for an assertion apish cannot say.
    static func kind(of assertion: ImportedAssertion) -> String {
        switch assertion.query {
        case .status, .header, .jsonPath:
            if let filter = assertion.filters.first, assertion.filters != [ImportedFilter("count")] { return "filter \(filter.name)" }
            if case .jsonPath(let expression) = assertion.query, PathConversion.apishPath(expression) == nil { return "JSONPath beyond apish paths" }
            return "predicate \(assertion.negated ? "not " : "")\(assertion.predicate)"
        case .body: return "body assertion"
        case .other(let kind, _): return "\(kind) query"
        }
    }

    static func describe(_ assertion: ImportedAssertion) -> String {
        var text = assertion.query.kind
        switch assertion.query {
        case .header(let name): text += " \"\(name)\""
        case .jsonPath(let expression): text += " \"\(expression)\""
        case .other(_, let argument?): text += " \"\(argument)\""
        default: break
        }
        for filter in assertion.filters { text += " " + ([filter.name] + filter.arguments).joined(separator: " ") }
        if assertion.negated { text += " not" }
        text += " " + assertion.predicate
        switch assertion.value {
        case .string(let value)?: text += " \"\(value)\""
        case .number(let value)?: text += " \(value)"
        case .bool(let value)?: text += " \(value)"
        case .null?: text += " null"
        case .variable(let name)?: text += " {{\(name)}}"
        case .regex(let value)?: text += " /\(value)/"
        case .bytes(let bytes)?: text += " (\(bytes.count) bytes)"
        case nil: break
        }
        return text
    }
}

/// Regular-expression text that matches `text` literally.
enum RegexText {
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}/".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
