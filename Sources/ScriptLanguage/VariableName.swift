/// Variable names: letters, digits and `_`, not starting with a digit.
package enum VariableName {
    /// ASCII, as the tokenizer reads `$name`: `"$name님"` ends the name before the Korean suffix.
    package static func isValid(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
