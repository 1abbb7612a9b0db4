import CLibEdit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the terminal the shell runs in.
public enum Terminal {
    /// True when both stdin and stdout are terminals: only then does the shell edit lines, prompt and
    /// colour its output.
    public static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Columns of the terminal on stdout, else `$COLUMNS`, else 80. Asked afresh on every call so a
    /// resized window is noticed.
    public static func width() -> Int {
        let columns = Int(apish_terminal_columns(STDOUT_FILENO))
        if columns > 0 { return columns }
        if let value = getenv("COLUMNS"), let fromEnvironment = Int(String(cString: value)), fromEnvironment > 0 {
            return fromEnvironment
        }
        return 80
    }
}
