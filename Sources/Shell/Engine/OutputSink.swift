#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree

/// Where the shell writes: stdout for results, stderr for errors, warnings and the spinner.
public protocol OutputSink: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
}

/// The process's standard output and error, flushed per write so pipes see lines promptly.
public final class StandardOutput: OutputSink {
    public init() {}

    public func write(_ text: String) {
        StandardStream.write(text, to: 1)
    }

    public func writeError(_ text: String) {
        StandardStream.write(text, to: 2)
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
