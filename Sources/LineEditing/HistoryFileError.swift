#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading or writing the history file failed.
public struct HistoryFileError: Error, Equatable, CustomStringConvertible {
    /// What was being attempted, e.g. `create directory` or `write`.
    public var operation: String
    /// The file or directory involved.
    public var path: String
    /// The `errno` of the failing call.
    public var code: Int32

    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        "cannot \(operation) \(path): \(String(cString: strerror(code)))"
    }
}
