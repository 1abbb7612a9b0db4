/// What one call to ``LineReader/readLine(prompt:)`` produced.
public enum LineReadResult: Sendable, Equatable {
    /// A complete line, without its line terminator.
    case line(String)
    /// The user pressed Ctrl-C; the line being edited was discarded and the caller should prompt again.
    case interrupted
    /// Ctrl-D on an empty line, or the end of a pipe or file.
    case endOfInput
    /// A piped line longer than the reader's limit (in bytes); it was skipped whole.
    case lineTooLong(limit: Int)
}
