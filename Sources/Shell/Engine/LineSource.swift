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
    /// For a source made from a text: the text, and where its next line starts. Lines are cut from it one
    /// at a time, so a script of 100,000 lines costs its text and not 100,000 strings besides.
    private let text: String.UTF8View?
    private var position: String.Index?

    public convenience init(_ lines: [String]) {
        self.init(inputs: lines.map(LineInput.line))
    }

    /// The lines of a text (a final newline ends the last line; CRLF is accepted).
    public init(text: String) {
        inputs = []
        self.text = text.utf8
        position = text.utf8.startIndex
    }

    /// The next line of the text: split on bytes, since as Characters "\r\n" is one grapheme that a split
    /// on "\n" would never find, and in UTF-8 the bytes of "\n" and "\r" occur nowhere but in those characters.
    private func nextTextLine() -> LineInput {
        guard let text, let start = position, start < text.endIndex else { return .end }
        let newline = text[start...].firstIndex(of: UInt8(ascii: "\n"))
        var line = text[start..<(newline ?? text.endIndex)]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        position = newline.map(text.index(after:)) ?? text.endIndex
        return .line(String(Substring(line)))
    }

    init(inputs: [LineInput]) {
        self.inputs = inputs
        text = nil
    }

    public func nextLine(prompt: String) -> LineInput {
        if text != nil { return nextTextLine() }
        guard index < inputs.count else { return .end }
        defer { index += 1 }
        return inputs[index]
    }

    public func remember(_ line: String) {}

    /// Reads a source to its end (Ctrl-C'd lines dropped), so its lines can be run more than once.
    static func inputs(of source: LineSource) -> [LineInput] {
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
