/// What reading a line gave.
public enum LineInput: Sendable, Equatable {
    case line(String)
    /// Ctrl-C at the prompt: the line is dropped.
    case interrupted
    /// Ctrl-D or the end of the file.
    case end
}

/// Where the engine reads commands from: the line editor, a pipe or a file. The executable adapts
/// LineEditing's readers to this, so Shell needs no terminal code.
public protocol LineSource: AnyObject {
    func nextLine(prompt: String) -> LineInput
    /// Adds a line (already redacted) to the history, if this source keeps one.
    func remember(_ line: String)
}

/// Lines from a string (scripts, `-c`).
public final class StringLineSource: LineSource {
    private var lines: [Substring]
    private var index = 0

    public init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines.map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    public func nextLine(prompt: String) -> LineInput {
        guard index < lines.count else { return .end }
        defer { index += 1 }
        return .line(String(lines[index]))
    }

    public func remember(_ line: String) {}
}
