/// What reading a line gave.
public enum LineInput: Sendable, Equatable {
    case line(String)
    /// Ctrl-C at the prompt: the line is dropped.
    case interrupted
    /// Ctrl-D or the end of the file.
    case end
    /// A line that could not be read (too long); it counts as a line and as a failure.
    case unreadable(String)
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
    private let inputs: [LineInput]
    private var index = 0

    public convenience init(_ lines: [String]) {
        self.init(inputs: lines.map(LineInput.line))
    }

    /// The lines of a text (a final newline ends the last line; CRLF is accepted).
    public convenience init(text: String) {
        // Split on bytes: as Characters, "\r\n" is one grapheme that a split on "\n" would never find, and
        // in UTF-8 the bytes of "\n" and "\r" occur nowhere but in those characters.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        self.init(lines.map { line in
            String(Substring(line.last == UInt8(ascii: "\r") ? line.dropLast() : line))
        })
    }

    package init(inputs: [LineInput]) {
        self.inputs = inputs
    }

    public func nextLine(prompt: String) -> LineInput {
        guard index < inputs.count else { return .end }
        defer { index += 1 }
        return inputs[index]
    }

    public func remember(_ line: String) {}

    /// Reads a source to its end (Ctrl-C'd lines dropped), so its lines can be run more than once.
    package static func inputs(of source: LineSource) -> [LineInput] {
        var inputs: [LineInput] = []
        while true {
            switch source.nextLine(prompt: "") {
            case .interrupted: continue
            case .end: return inputs
            case let input: inputs.append(input)
            }
        }
    }
}
