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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(reason: reason(errno: errno)) }
        defer { close(descriptor) }
        // One byte past the limit tells "too large" from "exactly the limit"; endless files stop there too.
        var data = Data()
        // A regular file says its size: the buffer is made once, not grown (and copied) chunk by chunk.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 { data.reserveCapacity(min(Int(status.st_size), limit) + 1) }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= limit {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, min($0.count, limit + 1 - data.count)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ReadError(reason: reason(errno: errno)) }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
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
