/// Reads lines on a terminal with libedit: editing keys, Up/Down and Ctrl-R through the history,
/// Tab completion from a ``CompletionProvider``, and a history file that survives the session.
///
/// Ctrl-C discards the line being edited and returns ``LineReadResult/interrupted``; Ctrl-D on an empty
/// line returns ``LineReadResult/endOfInput``. The first ``readLine(prompt:)`` sets `LC_CTYPE` from the
/// environment and installs the ``InterruptMonitor`` SIGINT handler.
///
/// libedit has one editor per process: read with one reader at a time, from the main thread (the kernel
/// delivers Ctrl-C there, and only an interrupted `read(2)` on the reading thread ends the line). Use it
/// only when ``Terminal/isInteractive``; otherwise use ``PlainLineReader``.
public final class EditLineReader: LineReader {
    private let historyFile: String?
    private let completion: (any CompletionProvider)?
    private var entries: HistoryList

    /// Why the history file could not be loaded, if it could not; the reader then starts empty and
    /// ``saveHistory()`` will still try to write it.
    public private(set) var historyLoadError: HistoryFileError?

    /// - Parameters:
    ///   - historyFile: loaded now when it exists, written by ``saveHistory()``; nil keeps history in
    ///     memory only. See ``HistoryFile/defaultPath(environment:)``.
    ///   - maxHistory: entries kept in memory and in the file; the oldest go first.
    ///   - redact: applied to every entry, including those loaded from the file, before it is kept,
    ///     so a secret never reaches the history or its file.
    ///   - completion: answers Tab; nil makes Tab do nothing.
    public init(
        historyFile: String?,
        maxHistory: Int = 1000,
        redact: @escaping (String) -> String,
        completion: (any CompletionProvider)?
    ) {
        self.historyFile = historyFile
        self.completion = completion
        self.entries = HistoryList(capacity: maxHistory, redact: redact)
        guard let historyFile else { return }
        do {
            for entry in try HistoryFile.load(from: historyFile) {
                entries.add(entry)
            }
        } catch {
            historyLoadError = error
        }
    }

    /// Shows `prompt` and edits a line until Return, Ctrl-C or Ctrl-D.
    ///
    /// Wrap non-printing parts of `prompt` (colour codes) in `\u{1}` … `\u{2}` so libedit can measure
    /// its width. After Ctrl-C the reader prints `^C` and a newline, after Ctrl-D a newline, so that
    /// whatever comes next starts on a fresh line.
    public func readLine(prompt: String) -> LineReadResult {
        if LibEditBridge.unavailableReason != nil {
            // No libedit (see `unavailableReason`): the prompt, then a plain line.
            LibEditBridge.write(prompt.filter { $0 != "\u{1}" && $0 != "\u{2}" })
            return plainReader.readLine(prompt: prompt)
        }
        switch LibEditBridge.readLine(prompt: prompt, history: entries.entries, provider: completion) {
        case .line(let line):
            return .line(line)
        case .interrupted:
            LibEditBridge.write("^C\n")
            return .interrupted
        case .endOfInput:
            LibEditBridge.write("\n")
            return .endOfInput
        }
    }

    /// Why lines are read without editing, when libedit cannot be loaded; nil when it can.
    public static var unavailableReason: String? { LibEditBridge.unavailableReason }

    private lazy var plainReader = PlainLineReader()

    public func addHistory(_ line: String) {
        entries.add(line)
    }

    public var history: [String] { entries.entries }

    /// Writes the history to its file with mode 0600, creating missing directories with mode 0700.
    /// Does nothing without a history file.
    public func saveHistory() throws {
        guard let historyFile else { return }
        try HistoryFile.save(entries.redactedAgain, to: historyFile)
    }
}
