#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a secret (a password) from the terminal with echo off, as `sudo` and `ssh` ask for one.
public enum SecretPrompt {
    /// The longest secret read; the rest of a longer line is dropped.
    static let maximumBytes = 4096

    /// Writes `prompt` to stderr (through `writeError`: a session's masking sink) and reads one line from stdin
    /// without echoing it. Nil when stdin is not a terminal, at end of input, or on Ctrl-C (the read is interrupted).
    public static func read(prompt: String, writeError: (String) -> Void = standardError) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        // Still line by line, and the newline typed is echoed so the next output starts on a new line.
        quiet.c_lflag |= tcflag_t(ICANON | ECHONL)
        writeError(prompt)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else { return nil }
        defer { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = readByte(&byte)
            // EINTR is Ctrl-C (the interrupt handler is installed without SA_RESTART): the prompt is given up.
            if count < 0 || count == 0 && bytes.isEmpty {
                writeError("\n")
                return nil
            }
            if count == 0 || byte == UInt8(ascii: "\n") { break }
            if bytes.count < maximumBytes { bytes.append(byte) }
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Standard error itself: for a prompt before any session (and its sink) exists.
    public static func standardError(_ text: String) {
        writeStandardError(text)
    }
}

/// Outside `SecretPrompt`, whose `read(prompt:)` and `write(_:)` would hide the C functions.
private func readByte(_ byte: inout UInt8) -> Int {
    read(STDIN_FILENO, &byte, 1)
}

private func writeStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
