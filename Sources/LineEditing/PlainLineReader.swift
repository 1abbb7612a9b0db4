import FoundationFree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a pipe or file descriptor: no prompt, no editing, no terminal output at all.
///
/// Used when stdin is not a terminal, and for script files. Lines end at `\n`; a `\r` before it is
/// dropped, a last line without `\n` still counts, and bytes that are not UTF-8 become U+FFFD.
/// History is kept in memory only (for the `history` command).
public final class PlainLineReader: LineReader {
    private let fileDescriptor: Int32
    /// Closed when this reader goes (a script file it opened), or left open (stdin).
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var lineStart = 0
    /// Bytes before this index (and after `lineStart`) are known to hold no newline.
    private var scanned = 0
    private var reachedEnd = false
    private var entries: HistoryList
    /// The longest line handed out by default (1 MiB); a longer one is skipped and reported as too long.
    static let maxLineBytes = 1 << 20
    private let maxLineBytes: Int
    private var skippingLongLine = false

    /// - Parameters:
    ///   - fileDescriptor: read from here (stdin by default); the caller keeps ownership.
    ///   - maxHistory: how many history entries to keep.
    ///   - redact: applied to every line before it enters the history.
    public init(
        fileDescriptor: Int32 = STDIN_FILENO,
        maxHistory: Int = 1000,
        redact: @escaping (String) -> String = { $0 }
    ) {
        self.fileDescriptor = fileDescriptor
        ownsDescriptor = false
        maxLineBytes = Self.maxLineBytes
        self.entries = HistoryList(capacity: maxHistory, redact: redact)
    }

    /// Reads the file at `path` (closed when the reader goes), with lines of up to `maxLineBytes`;
    /// nil when it cannot be opened.
    public init?(path: String, maxLineBytes: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        fileDescriptor = descriptor
        ownsDescriptor = true
        self.maxLineBytes = maxLineBytes
        entries = HistoryList(capacity: 0, redact: { $0 })
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    /// `prompt` is ignored: nobody is watching a pipe.
    ///
    /// Returns ``LineReadResult/interrupted`` when a signal (Ctrl-C) interrupts the wait for input.
    public func readLine(prompt: String) -> LineReadResult {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let tooLong = skippingLongLine || newline - lineStart > maxLineBytes
                let line = tooLong ? "" : decodeLine(buffer[lineStart..<newline])
                lineStart = newline + 1
                scanned = lineStart
                skippingLongLine = false
                return tooLong ? .lineTooLong(limit: maxLineBytes) : .line(line)
            }
            scanned = buffer.count
            // A line over the limit is dropped as it streams in (memory stays bounded) and reported once.
            if buffer.count - lineStart > maxLineBytes {
                skippingLongLine = true
                lineStart = buffer.count
            }
            if reachedEnd {
                if skippingLongLine {
                    skippingLongLine = false
                    lineStart = buffer.count
                    return .lineTooLong(limit: maxLineBytes)
                }
                guard lineStart < buffer.count else { return .endOfInput }
                let line = decodeLine(buffer[lineStart...])
                lineStart = buffer.count
                return .line(line)
            }
            switch fill() {
            case .data: continue
            case .end: reachedEnd = true
            case .interrupted: return .interrupted
            }
        }
    }

    public func addHistory(_ line: String) {
        entries.add(line)
    }

    public var history: [String] { entries.entries }

    /// Does nothing: piped input has no history file.
    public func saveHistory() throws {}

    /// A line's text; bytes that are not UTF-8 (a Latin-1 file name) are carried (`RawBytesText`), not
    /// replaced, so they reach the file they name.
    private func decodeLine(_ bytes: ArraySlice<UInt8>) -> String {
        let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
        return line.withUnsafeBufferPointer { RawBytesText.decode($0) }
    }

    private enum Fill { case data, end, interrupted }

    private func fill() -> Fill {
        // Drop consumed lines once per read rather than once per line.
        buffer.removeFirst(lineStart)
        scanned -= lineStart
        lineStart = 0
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return .data
        }
        if count < 0 && errno == EINTR { return .interrupted }
        // EOF, or an error that more reading will not fix (EBADF, EIO): both end the input.
        return .end
    }
}
