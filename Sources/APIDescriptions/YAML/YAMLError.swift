/// Why a document is not YAML that apish can read, and where (1-based line and column).
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String
    /// The read was stopped by its cancellation token (Ctrl-C), not by bad input.
    public var isCancellation = false

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line, e.g. `line 3, column 5: duplicate key "name" (first at line 2)`.
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
