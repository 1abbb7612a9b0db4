import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// Reads a local file (a locator, a script) with a size limit, failing with the system's own reason.
public enum LocalFile {
    /// Why a file could not be read: `no such file`, `is a directory`, `permission denied`, `larger than 64 MiB`.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    public static let defaultLimit = 64 << 20

    public static func read(_ path: String, limit: Int = defaultLimit) throws(ReadError) -> Data {
        guard let isDirectory = FileKind.isDirectory(path) else { throw ReadError(reason: "no such file") }
        guard !isDirectory else { throw ReadError(reason: "is a directory") }
        // A name that is not UTF-8 (RawBytesText) is opened by its own bytes.
        let descriptor = RawBytesText.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw ReadError(reason: reason(errno: errno)) }
        defer { close(descriptor) }
        // One byte past the limit tells "too large" from "exactly the limit"; endless files stop there too.
        // A regular file says its size: the buffer is made once, at that size and one byte more, and read
        // into where it is; anything else grows it by doubling.
        var status = stat()
        var capacity = fstat(descriptor, &status) == 0 && status.st_size > 0 ? min(Int(status.st_size), limit) + 1 : 64 << 10
        var data = Data(count: capacity)
        var filled = 0
        while filled <= limit {
            if filled == capacity {
                capacity = min(capacity * 2, limit + 1)
                data.count = capacity
            }
            let wanted = capacity - filled
            let count = data.withUnsafeMutableBytes { bytes in
                bytes.baseAddress.map { systemRead(descriptor, $0 + filled, wanted) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ReadError(reason: reason(errno: errno)) }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        guard data.count <= limit else {
            throw ReadError(reason: "larger than " + (limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"))
        }
        return data
    }

    /// The system's short reason (`permission denied`), not Foundation's whole sentence.
    /// Never a Foundation error's multi-line dump: a Cocoa error with no POSIX reason says its code.
    public static func reason(_ error: any Error) -> String {
        if let code = posixErrorCode(of: error) { return reason(errno: code) }
        if let cocoa = error as? CocoaError { return "file error \(cocoa.code.rawValue)" }
        let text = String(describing: error)
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "failed"
    }

    private static func reason(errno code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
