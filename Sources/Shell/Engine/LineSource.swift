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

/// Lines from memory: a script's text, `-c` commands, a buffered standard input.
public final class LineListSource: LineSource {
    private let lines: [String]
    private var index = 0

    public init(_ lines: [String]) {
        self.lines = lines
    }

    /// The lines of a text (a final newline ends the last line; CRLF is accepted).
    public convenience init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.init(lines.map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) })
    }

    public func nextLine(prompt: String) -> LineInput {
        guard index < lines.count else { return .end }
        defer { index += 1 }
        return .line(lines[index])
    }

    public func remember(_ line: String) {}

    /// Reads a source to its end (Ctrl-C'd lines dropped), so the lines can be run more than once.
    static func lines(of source: LineSource) -> [String] {
        var lines: [String] = []
        while true {
            switch source.nextLine(prompt: "") {
            case .line(let line): lines.append(line)
            case .interrupted: continue
            case .end: return lines
            }
        }
    }
}
