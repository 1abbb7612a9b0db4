/// A reader that also tells `echo` what the terminal showed for each read: the prompt and the line typed
/// (the line editor draws them itself, past any output sink), or the prompt and `^D` at the end. A talk's
/// recording takes them from here, so its replay shows the live shell as the room saw it.
public final class EchoingLineReader: LineReader {
    private let base: LineReader
    private let echo: (String) -> Void

    public init(_ base: LineReader, echo: @escaping (String) -> Void) {
        self.base = base
        self.echo = echo
    }

    public func readLine(prompt: String) -> LineReadResult {
        let result = base.readLine(prompt: prompt)
        switch result {
        case .line(let line): echo(prompt + line + "\n")
        case .endOfInput: echo(prompt + "^D\n")
        case .interrupted: echo(prompt + "^C\n")
        case .lineTooLong: break
        }
        return result
    }

    public func addHistory(_ line: String) { base.addHistory(line) }
    public var history: [String] { base.history }
    public func saveHistory() throws { try base.saveHistory() }
}
