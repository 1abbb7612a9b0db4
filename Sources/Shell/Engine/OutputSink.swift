import Foundation

/// Where the shell writes: stdout for results, stderr for errors, warnings and the spinner.
public protocol OutputSink: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
}

/// The process's standard output and error, flushed per write so pipes see lines promptly.
public final class StandardOutput: OutputSink {
    public init() {}

    public func write(_ text: String) {
        Self.write(text, to: STDOUT_FILENO)
    }

    public func writeError(_ text: String) {
        Self.write(text, to: STDERR_FILENO)
    }

    /// Straight from the string's own UTF-8 storage, without a copy into `Data` (a rendered 70 MB body
    /// would otherwise be held twice), retrying partial writes and EINTR. A closed pipe stops the writing.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Foundation.write(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                next += written
                left -= written
            }
        }
    }
}

/// Collects output in memory (tests, `--each-version` cells).
public final class BufferedOutput: OutputSink {
    public private(set) var output = ""
    public private(set) var errors = ""

    public init() {}

    public func write(_ text: String) { output += text }
    public func writeError(_ text: String) { errors += text }
}
