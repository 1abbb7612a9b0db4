import ScriptLanguage
import FoundationFree

/// The lines of a heredoc, read from the source the line came from, up to the closing word.
final class HeredocLines {
    enum Result {
        case text(String)
        /// Ctrl-C at the continuation prompt: the command is dropped, as a line is.
        case interrupted
        case failed(String)
    }

    private let source: LineSource
    private let prompt: String
    /// How many lines were read (they count in a script's line numbers).
    private(set) var taken = 0

    init(source: LineSource, prompt: String) {
        self.source = source
        self.prompt = prompt
    }

    /// The lines up to one that is `delimiter` (blanks around it allowed), joined by newlines. A body over
    /// `limit` bytes is read to its end, so its lines never run as commands, and refused.
    func read(until delimiter: String, limit: Int) -> Result {
        var text = ""
        var lines = 0
        var tooLarge = false
        while true {
            switch source.nextLine(prompt: prompt) {
            case .line(let line):
                taken += 1
                if line.trimmingBlanks() == delimiter {
                    guard !tooLarge else {
                        return .failed("<<\(delimiter): the body is larger than \(ByteSize.text(limit)), the most a body may hold")
                    }
                    return .text(text)
                }
                guard !tooLarge else { continue }
                if lines > 0 { text += "\n" }
                text += line
                lines += 1
                tooLarge = text.utf8.count > limit
                if tooLarge { text = "" }
            case .interrupted:
                return .interrupted
            case .end:
                return .failed("<<\(delimiter): the input ended before a line \(delimiter) closed the body")
            case .unreadable(let reason):
                taken += 1
                return .failed("<<\(delimiter): \(reason)")
            }
        }
    }
}
