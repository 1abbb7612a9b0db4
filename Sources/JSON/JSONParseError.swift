/// Why a document is not valid JSON, and where.
///
/// `line` and `column` are 1-based; `column` counts Unicode scalars (so a message points at the right
/// character in a terminal), `offset` is the 0-based byte offset of the offending byte (or the input's
/// length when it ended too early).
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int
    public var message: String
    /// The parse was stopped by its cancellation token (Ctrl-C), not by bad input.
    public var isCancellation = false

    public init(line: Int, column: Int, offset: Int, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    /// The parse was stopped at byte `offset` because its cancellation token tripped.
    static func cancelled(at offset: Int) -> JSONParseError {
        var error = JSONParseError(line: 0, column: 0, offset: offset, message: "parse cancelled")
        error.isCancellation = true
        return error
    }

    /// One line, e.g. `line 3, column 14: expected ',' or '}' after object member`.
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
