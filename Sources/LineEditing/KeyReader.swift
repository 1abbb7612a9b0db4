#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Single key presses from the terminal, as a presenter reads them: no line buffering, no echo, and the
/// terminal's mode put back after each read, so the shell and its line editor find it as they left it.
public enum KeyReader {
    /// One byte typed within `timeout` seconds (nil: wait as long as it takes), or nil when none came,
    /// at end of input, or when standard input is not a terminal.
    public static func read(timeout: Double?) -> UInt8? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        defer { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.map { Int32(max(0, min($0, 3_600)) * 1000) } ?? -1
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        var byte: UInt8 = 0
        return readByte(&byte) == 1 ? byte : nil
    }
}

/// Outside `KeyReader`, whose `read(timeout:)` would hide the C function.
private func readByte(_ byte: inout UInt8) -> Int {
    read(STDIN_FILENO, &byte, 1)
}
