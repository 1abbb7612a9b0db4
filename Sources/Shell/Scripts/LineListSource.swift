/// Lines from a list, one command line each (`-c` commands, a buffered standard input).
final class LineListSource: LineSource {
    private let lines: [String]
    private var index = 0

    init(_ lines: [String]) {
        self.lines = lines
    }

    func nextLine(prompt: String) -> LineInput {
        guard index < lines.count else { return .end }
        defer { index += 1 }
        return .line(lines[index])
    }

    func remember(_ line: String) {}

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
