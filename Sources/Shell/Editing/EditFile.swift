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
import Facade
import FoundationFree

/// The file `edit` hands the editor: made by `mkstemps` (a name no one else has, mode 0600) in
/// `$XDG_RUNTIME_DIR` (the user's own, memory-backed), else `$TMPDIR`, else `/tmp`, with a suffix that tells
/// the editor what it holds (`.json`).
package struct EditFile: Equatable {
    package let path: String

    /// What the file's status says about when it was last written.
    package struct Stamp: Equatable {
        package let seconds: Int
        let nanoseconds: Int
        package let size: Int
    }

    /// The folder edit files go in.
    package static func folder(environment: [String: String]) -> String {
        for name in ["XDG_RUNTIME_DIR", "TMPDIR"] {
            if let folder = environment[name], folder.hasPrefix("/"), FileKind.isDirectory(folder) == true { return folder }
        }
        return "/tmp"
    }

    /// A new private file holding `bytes`.
    package static func create(_ bytes: Data, suffix: String, environment: [String: String]) throws(CommandError) -> EditFile {
        let folder = folder(environment: environment)
        var template = Array(XDGDirectory.joined(folder, "apish-edit-XXXXXX" + suffix).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemps($0, Int32(suffix.utf8.count)) } ?? -1
        }
        guard descriptor >= 0 else {
            throw CommandError("edit: cannot make a file in \(folder): \(String(cString: strerror(errno)).lowercased())")
        }
        // mkstemps filled in the X's; the last element is the terminating NUL.
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { _ = systemClose(descriptor) }
        _ = fchmod(descriptor, 0o600)
        var written = 0
        let failed: Bool = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return true }
                written += count
            }
            return false
        }
        if failed {
            let reason = String(cString: strerror(errno)).lowercased()
            _ = unlink(path)
            throw CommandError("edit: cannot write \(path): \(reason)")
        }
        return EditFile(path: path)
    }

    /// When the file was last written, and its size; nil when it is gone.
    package var stamp: Stamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let time = Platform.modificationTime(of: status)
        return Stamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int(status.st_size))
    }

    package var exists: Bool { stamp != nil }

    /// Its bytes, up to `limit`.
    package func read(limit: Int) throws(CommandError) -> Data {
        do {
            return try LocalFile.read(path, limit: limit)
        } catch {
            throw CommandError("edit: cannot read \(path): \(error.reason)")
        }
    }

    package func remove() {
        _ = unlink(path)
    }
}
