import ScriptLanguage

extension CommandRegistry {
    /// The statements of a line, read once: the words of each command (`|`, `>`, `<` are operators where
    /// the command takes them), the command each names, its arguments and its secrets. Throws what the
    /// tokenizer refuses (an open quote, `>` without a file). Without `markingSecrets` (the engine, which
    /// masks the line it shows once the command has run and the session holds what it set), no secret
    /// span is worked out: a `call`'s depend on the descriptions loaded, which the line itself may change.
    package func statements(
        in line: String, session: Session, location: SourceLocation? = nil, markingSecrets: Bool = true
    ) throws(TokenizerError) -> [Statement] {
        let commands = try Tokenizer.parse(line) { self.command(named: $0)?.takesOperators ?? true }
        return statements(of: commands, line: line, session: session, location: location, markingSecrets: markingSecrets)
    }

    /// The statements of a line that may be wrong or still being typed (`Tokenizer.parseTolerantly`), for
    /// masking and completion: never fails, and reads the words `statements(in:)` reads wherever it reads any.
    package func statementsTolerantly(in line: String, session: Session) -> [Statement] {
        let commands = Tokenizer.parseTolerantly(line) { self.command(named: $0)?.takesOperators ?? true }
        return statements(of: commands, line: line, session: session, location: nil, markingSecrets: true)
    }

    private func statements(
        of commands: [ParsedCommand], line: String, session: Session, location: SourceLocation?, markingSecrets: Bool
    ) -> [Statement] {
        guard !commands.isEmpty else { return [] }
        var line = line
        return line.withUTF8 { bytes in
            commands.map { syntax in statement(syntax, bytes: bytes, session: session, location: location, markingSecrets: markingSecrets) }
        }
    }

    private func statement(
        _ syntax: ParsedCommand, bytes: UnsafeBufferPointer<UInt8>, session: Session, location: SourceLocation?, markingSecrets: Bool
    ) -> Statement {
        guard let first = syntax.words.first, let nameSpan = syntax.wordSpans.first else {
            return Statement(syntax: syntax, location: location, command: nil, arguments: nil, keywordSpans: [],
                             secretSpans: markingSecrets ? SecretSpans.items(of: syntax, in: bytes) : [])
        }
        let command = self.command(named: first.literal ?? first.text)
        let words = syntax.words.dropFirst().map { $0.literal ?? $0.text }
        let reading = command?.signature.bestReading(words)
        var keywords = command == nil ? [] : [nameSpan]
        if reading?.arguments.subcommand != nil, syntax.wordSpans.count > 1 { keywords.append(syntax.wordSpans[1]) }
        guard markingSecrets else {
            return Statement(syntax: syntax, location: location, command: command, arguments: reading?.arguments,
                             keywordSpans: keywords, secretSpans: [])
        }
        return Statement(syntax: syntax, location: location, command: command, arguments: reading?.arguments,
                         keywordSpans: keywords, secretSpans: secretSpans(of: syntax, command: command, bytes: bytes, session: session))
    }

    /// `statement`, read from `line` without secrets, with the secret spans `statements(in:)` marks: for the
    /// engine, once the command has run and the session holds what it set.
    package func markingSecrets(of statement: Statement, in line: String, session: Session) -> Statement {
        var line = line
        let spans = line.withUTF8 { bytes in
            secretSpans(of: statement.syntax, command: statement.command, bytes: bytes, session: session)
        }
        return Statement(syntax: statement.syntax, location: statement.location, command: statement.command,
                         arguments: statement.arguments, keywordSpans: statement.keywordSpans, secretSpans: spans)
    }

    /// The bytes the command's declared secrets and the credential-named items cover, joined.
    private func secretSpans(
        of syntax: ParsedCommand, command: (any Command)?, bytes: UnsafeBufferPointer<UInt8>, session: Session
    ) -> [Range<Int>] {
        var secrets = SecretSpans.items(of: syntax, in: bytes)
        if let command {
            let spans = Array(syntax.wordSpans.dropFirst())
            let words = syntax.words.dropFirst().map { $0.literal ?? $0.text }
            for secret in command.secretArguments(words, session: session) {
                secrets += SecretSpans.declared(secret, spans: spans, in: bytes)
            }
        }
        return SecretSpans.merged(secrets)
    }
}
