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
}
