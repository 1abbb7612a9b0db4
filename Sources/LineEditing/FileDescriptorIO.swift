#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes on raw descriptors, retrying `EINTR` (a SIGINT handler without
/// `SA_RESTART` is installed while the shell runs) and short writes.
enum FileDescriptorIO {
    static func readAll(path: String) throws(HistoryFileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HistoryFileError(operation: "open", path: path, code: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw HistoryFileError(operation: "read", path: path, code: errno)
            }
        }
    }

    /// Creates `path` (which must not exist) with `mode` and writes `bytes` to it.
    static func writeNew(path: String, bytes: [UInt8], mode: mode_t) throws(HistoryFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw HistoryFileError(operation: "create", path: path, code: errno) }
        defer { close(fd) }
        guard fchmod(fd, mode) == 0 else {
            throw HistoryFileError(operation: "set permissions of", path: path, code: errno)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress?.advanced(by: written), bytes.count - written) }
            if count >= 0 {
                written += count
            } else if errno != EINTR {
                throw HistoryFileError(operation: "write", path: path, code: errno)
            }
        }
    }
}
