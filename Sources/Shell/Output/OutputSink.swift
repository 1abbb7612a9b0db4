#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree

/// Where the shell writes: stdout for results, stderr for errors, warnings and the spinner. A command's
/// output may go to a pipe or a file instead (`| jq .`, `> out.json`); its errors still go to stderr.
public protocol OutputSink: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
    /// A body's bytes as they are (a raw request's answer, binary included).
    func writeBytes(_ bytes: Data)
    /// Whether a body written here is kept exactly as it came, secrets and all (a file the user named
    /// with `>`), rather than masked as text is.
    var keepsBodiesAsTheyCame: Bool { get }
}

extension OutputSink {
    public func writeBytes(_ bytes: Data) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    public var keepsBodiesAsTheyCame: Bool { false }
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

    public func writeBytes(_ bytes: Data) {
        DescriptorWriter.writeAll(bytes, to: 1)
    }
}

/// Collects output in memory (tests, `--each-version` cells).
public final class BufferedOutput: OutputSink {
    public private(set) var output = ""
    public private(set) var errors = ""
    /// What `writeBytes` was given, in order (also added to `output` as text).
    public private(set) var bytes = Data()

    public init() {}

    public func write(_ text: String) { output += text }
    public func writeError(_ text: String) { errors += text }
    public func writeBytes(_ bytes: Data) {
        self.bytes.append(bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }
}
