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
            return Statement(syntax: syntax, location: location, command: nil, reading: nil, keywordSpans: [],
                             secretSpans: markingSecrets ? SecretSpans.items(of: syntax, in: bytes) : [])
        }
        let command = self.command(named: first.literal ?? first.text)
        let reading = command?.signature.bestReading(syntax.words.dropFirst().map { $0.literal ?? $0.text })
        var keywords = command == nil ? [] : [nameSpan]
        if reading?.arguments.subcommand != nil, syntax.wordSpans.count > 1 { keywords.append(syntax.wordSpans[1]) }
        let read = Statement(syntax: syntax, location: location, command: command, reading: reading, keywordSpans: keywords, secretSpans: [])
        guard markingSecrets else { return read }
        return read.marking(secretSpans(of: read, in: bytes, session: session))
    }

    /// The bytes the command's declared secrets (from the reading the statement carries: the words are not
    /// read again) and the credential-named items cover, joined; `bytes` is the text the statement's spans
    /// are in. The engine asks once the command has run and the session holds what it set.
    func secretSpans(of statement: Statement, in bytes: UnsafeBufferPointer<UInt8>, session: Session) -> [Range<Int>] {
        let syntax = statement.syntax
        var secrets = SecretSpans.items(of: syntax, in: bytes)
        if let command = statement.command, let reading = statement.reading {
            let spans = Array(syntax.wordSpans.dropFirst())
            for secret in command.secretArguments(reading, session: session) {
                secrets += SecretSpans.declared(secret, spans: spans, in: bytes)
            }
        }
        return SecretSpans.merged(secrets)
    }
}
