/// Writing a parsed command back as a line: what `parse` reads again as the same words (their parts),
/// input and output. One quoting function (`Tokenizer.quote`) writes every literal.
extension Word {
    /// The word in the command language: literals quoted, variables as `${NAME}` or `${NAME:-fallback}`.
    /// Throws for what no word of one line can hold: a line break, or a `}` in a fallback.
    public func written() throws(TokenizerError) -> String {
        guard !parts.isEmpty else { return "''" }
        var text = ""
        for part in parts {
            switch part {
            case .literal(let value):
                text += try Tokenizer.quote(value)
            case .variable(let name):
                text += "${\(name)}"
            case let .variableWithDefault(name, fallback):
                // By bytes, as the tokenizer reads it: a `}` with a combining mark after it still ends the name.
                if fallback.utf8.contains(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                    throw TokenizerError(message: "the fallback of ${\(name):-…} cannot hold } or a line break", column: 0)
                }
                text += "${\(name):-\(fallback)}"
            }
        }
        return text
    }
}

extension ParsedCommand {
    /// The command as one line: its words, then `< FILE` or `<<WORD`, then `| SHELL-COMMAND`, `> FILE` or
    /// `>> FILE`, then ` #COMMENT`. Parsed again (with operators), it gives the same words, input, output
    /// and comment.
    public func written() throws(TokenizerError) -> String {
        var line = try words.map { word throws(TokenizerError) in try word.written() }.joined(separator: " ")
        switch input {
        case .file(let word)?: line += " < " + (try word.written())
        case .heredoc(let delimiter)?: line += " <<" + (try Tokenizer.quote(delimiter))
        case nil: break
        }
        switch output {
        case .pipe(let command)?: line += " | " + command
        case .file(let word, let append)?: line += (append ? " >> " : " > ") + (try word.written())
        case nil: break
        }
        if let comment { line += " #" + comment }
        return line
    }
}
