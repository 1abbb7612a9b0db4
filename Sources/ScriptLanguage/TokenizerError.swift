/// Why a command line could not be split into words, or a word not expanded.
public struct TokenizerError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based column (in characters) of the problem in the line; 0 when no position applies, as for an
    /// unknown variable found while expanding.
    public var column: Int

    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// One line: `column 7: unterminated double quote`, or just the message when there is no column.
    public var description: String {
        column > 0 ? "column \(column): \(message)" : message
    }
}
