import ScriptLanguage

/// One command of a line, read once (`CommandRegistry.statements(in:)`): its syntax (the words with the
/// span of each, input, output, comment), the command its first word names, the arguments that command's
/// signature reads, and which bytes of the line are secret. The engine, the redactor, the recorder and
/// completion all read this value; none of them splits the text again.
///
/// Immutable, and a class: the engine hands each statement from the line's reading to the run, the
/// shown line and the recording, and the last line's reading is kept for the next, so a copy is one
/// reference rather than its words, reading and spans.
package final class Statement: Sendable {
    /// The words, their spans, the input (`< FILE`, `<<WORD`), the output (`| CMD`, `> FILE`) and comment.
    package let syntax: ParsedCommand
    /// Where the line came from; nil when typed at the prompt.
    package let location: SourceLocation?
    /// The command the first word names (by name or alias, any case); nil for a word no command has.
    package let command: (any Command)?
    /// The arguments as the command's signature reads them, with the form they were read by, as well as
    /// they can be read (a line that fits no form, or is still being typed, is read too); a `$variable` is
    /// read as written. The command's declared secrets come from it.
    package let reading: ArgumentReading?
    /// The bytes of the command's name and of the subcommand word that chose its form (`auth bearer`):
    /// syntax, shown as typed even when a secret happens to be the same text.
    package let keywordSpans: [Range<Int>]
    /// The bytes that hold a secret: the arguments the command declares secret, and items named like
    /// credentials (`key==…`, `Authorization:…`). A value that is an environment reference
    /// (`${env.APISH_BEARER:-redacted}`) is not one.
    package let secretSpans: [Range<Int>]

    package init(
        syntax: ParsedCommand, location: SourceLocation?, command: (any Command)?, reading: ArgumentReading?,
        keywordSpans: [Range<Int>], secretSpans: [Range<Int>]
    ) {
        self.syntax = syntax
        self.location = location
        self.command = command
        self.reading = reading
        self.keywordSpans = keywordSpans
        self.secretSpans = secretSpans
    }

    /// The arguments as the command's signature reads them (`reading`'s).
    package var arguments: ParsedArguments? { reading?.arguments }

    /// The same statement with these bytes marked secret.
    package func marking(_ secretSpans: [Range<Int>]) -> Statement {
        Statement(syntax: syntax, location: location, command: command, reading: reading, keywordSpans: keywordSpans, secretSpans: secretSpans)
    }

    /// The words as typed, the command's name first.
    package var words: [Word] { syntax.words }

    /// The statement as one line of the command language (`ParsedCommand.written`): read again, it gives
    /// the same statement.
    package func text() throws(TokenizerError) -> String {
        try syntax.written()
    }
}
