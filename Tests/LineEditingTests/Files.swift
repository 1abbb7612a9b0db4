#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small file helpers so the tests read like what they check.
enum Files {
    static func create(_ path: String, bytes: [UInt8], mode: mode_t = 0o644) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard fd >= 0 else { throw TestSetupError(message: "open \(path): errno \(errno)") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw TestSetupError(message: "short write to \(path)") }
    }

    static func create(_ path: String, text: String, mode: mode_t = 0o644) throws {
        try create(path, bytes: Array(text.utf8), mode: mode)
    }

    static func contents(of path: String) throws -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw TestSetupError(message: "open \(path): errno \(errno)") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Permission bits of `path`, or nil when it does not exist.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
