/// Splits a command line into commands and words, shell style.
///
/// Rules: blanks separate words; `'…'` is literal; `"…"` allows `\"`, `\\`, `\$` and variables (any
/// other backslash stays as typed, so JSON escapes survive); a backslash outside quotes takes the next
/// character literally; `$NAME` (ASCII letters, digits, `_`, and inner dots as in `$env.HOME`) and
/// `${NAME}` are variables; a `$` not followed by a name is literal. Nothing is expanded here.
public enum Tokenizer {
    /// Splits a line into commands (separated by unquoted `;`), each a list of words. `#` starts a comment
    /// when it begins a word (not inside a word like `a#b`, not in quotes). Empty commands are dropped.
    /// A line longer than `Expansion.maximumBytes` is refused before it is scanned.
    public static func split(_ line: String) throws(TokenizerError) -> [[Word]] {
        try parse(line, takesOperators: nil).map(\.words)
    }

    /// Splits a line as `split` does, and also finds each command's input and output operators
    /// (`< FILE`, `<<WORD`, `| SHELL-COMMAND`, `> FILE`, `>> FILE`) outside quotes. `takesOperators` is
    /// asked with each command's first word: a command that says no (`expect`, `let`, `set`) keeps `<`,
    /// `>` and `|` as text. Without it no command has operators.
    public static func parse(_ line: String, takesOperators: ((String) -> Bool)?) throws(TokenizerError) -> [ParsedCommand] {
        guard line.utf8.count <= Expansion.maximumBytes else {
            throw TokenizerError(message: "this line is larger than \(ByteSize.text(Expansion.maximumBytes)), the most a line may hold",
                                 column: 0)
        }
        var scanner = LineScanner(line)
        return try scanner.commands(takesOperators: takesOperators)
    }

    /// The commands of a line as `parse` reads them, for a line that may be wrong or still being typed
    /// (masking, completion): never fails. An open quote runs to the end of the line, and an operator
    /// without what it takes is skipped, so the words are those `parse` finds wherever it finds any.
    package static func parseTolerantly(_ line: String, takesOperators: ((String) -> Bool)?) -> [ParsedCommand] {
        var scanner = LineScanner(line)
        return (try? scanner.commands(takesOperators: takesOperators, tolerant: true)) ?? []
    }
}
