/// Where a line came from: `FILE:LINE` in messages, `<stdin>`/`-c` otherwise.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}
