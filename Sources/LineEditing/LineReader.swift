/// Reads the shell's input one line at a time and keeps its history.
///
/// ``EditLineReader`` edits lines on a terminal; ``PlainLineReader`` reads pipes and files.
public protocol LineReader: AnyObject {
    /// Reads the next line, showing `prompt` first when the reader has a prompt at all.
    func readLine(prompt: String) -> LineReadResult
    /// Records `line` in the history after redacting it. Blank lines and a repeat of the most recent
    /// entry are skipped; the oldest entries fall off beyond the reader's cap.
    func addHistory(_ line: String)
    /// The history, oldest first, as redacted when it was added.
    var history: [String] { get }
    /// Writes the history to its file, if the reader has one.
    func saveHistory() throws
}
