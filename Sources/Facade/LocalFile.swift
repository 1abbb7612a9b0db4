import Foundation

/// Reads a local file (a locator, a script) with a size limit, failing with the system's own reason.
public enum LocalFile {
    /// Why a file could not be read: `no such file`, `is a directory`, `permission denied`, `larger than 64 MiB`.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    public static let defaultLimit = 64 << 20

    public static func read(_ path: String, limit: Int = defaultLimit) throws(ReadError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw ReadError(reason: "is a directory") }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw ReadError(reason: reason(error))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // One byte past the limit tells "too large" from "exactly the limit"; endless files stop there too.
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw ReadError(reason: reason(error))
        }
        guard data.count <= limit else {
            throw ReadError(reason: "larger than " + (limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"))
        }
        return data
    }

    /// The system's short reason (`permission denied`), not Foundation's whole sentence.
    public static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        let posix = nsError.domain == NSPOSIXErrorDomain ? nsError : nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        return nsError.localizedDescription
    }
}
