import FoundationFree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Session {
    /// Runs `body` with a progress line on `output`'s stderr (through its masking sink), asked afresh for
    /// every frame, when stderr is a terminal and `--json` is off, and only once `body` has taken over half
    /// a second (`loadProgressDelay`); the line is erased before this returns.
    package func withProgressLine<T, Failure: Error>(
        _ label: @escaping @Sendable () -> String, on output: RedactingOutput, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        let spinner = !options.json && isatty(STDERR_FILENO) == 1
            ? Spinner.start(after: Self.loadProgressDelay, label: label, on: output.progressDrawing()) : nil
        defer { spinner?.stop() }
        return try body()
    }
}
