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

/// Writes a file the user named (a report, a recording) without harming what is already there.
///
/// - A character device or a FIFO (`/dev/stdout`, `/dev/null`, a named pipe) is written through, never
///   replaced; a FIFO nobody reads is an error rather than a hang.
/// - A symbolic link is followed: what it points to gets these same rules, and the link stays a link.
/// - Only a regular file is replaced, atomically (a temporary file beside it, then `rename`), keeping its
///   mode, and only when `replacing` says so; a new file is made the same way. A file that holds secrets
///   (`holdsSecrets`) is made `rw-------`, and a regular file it replaces loses its group and other bits.
/// - Anything else (a directory, a socket, a block device) is refused.
public enum OutputFile {
    /// Why a file was not written, as one line.
    public enum WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A regular file is there and replacing it was not asked for.
        case exists(path: String)
        case failed(path: String, reason: String)

        /// The why alone: `already exists`, `no space left on device`.
        public var reason: String {
            switch self {
            case .exists: "already exists"
            case .failed(_, let reason): reason
            }
        }

        public var description: String {
            switch self {
            case .exists(let path): "\(path) already exists"
            case let .failed(path, reason): "cannot write \(path): \(reason)"
            }
        }
    }

    /// New files get `rw-r--r--`, as `touch` under the usual umask would.
    static let newFileMode: mode_t = 0o644

    /// Whether `path` is (or links to) a character device or a FIFO, which is written through: its folder
    /// need not be writable.
    public static func writesThrough(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFCHR || status.st_mode & S_IFMT == S_IFIFO
    }

    /// Writes `text` to `path` (as given, for messages; `~` already expanded by the caller or not).
    public static func write(_ text: String, to path: String, replacing: Bool, holdsSecrets: Bool = false) throws(WriteError) {
        let keptBits: mode_t = holdsSecrets ? 0o7700 : 0o7777
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw .failed(path: path, reason: reason(errno)) }
            try replaceAtomically(path, with: text, mode: holdsSecrets ? 0o600 : newFileMode, shownAs: path)
            return
        }
        var target = path
        if status.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                throw .failed(path: path, reason: "it is a symbolic link to nothing (\(reason(errno)))")
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &status) == 0 else { throw .failed(path: path, reason: reason(errno)) }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard replacing else { throw .exists(path: path) }
            try replaceAtomically(target, with: text, mode: status.st_mode & keptBits, shownAs: path)
        case S_IFCHR, S_IFIFO:
            try writeThrough(target, text, shownAs: path)
        case S_IFDIR:
            throw .failed(path: path, reason: "it is a directory")
        default:
            throw .failed(path: path, reason: "it is not a regular file, a character device or a FIFO")
        }
    }

    private static func replaceAtomically(_ path: String, with text: String, mode: mode_t, shownAs shown: String) throws(WriteError) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory)/.\(name).apish-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw .failed(path: shown, reason: reason(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(WriteError) {
            defer { close(descriptor) }
            guard fchmod(descriptor, mode) == 0 else { throw .failed(path: shown, reason: reason(errno)) }
            try writeAll(descriptor, text, shownAs: shown)
            guard fsync(descriptor) == 0 else { throw .failed(path: shown, reason: reason(errno)) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .failed(path: shown, reason: reason(code))
        }
    }

    private static func writeThrough(_ path: String, _ text: String, shownAs shown: String) throws(WriteError) {
        // Non-blocking only to open: a FIFO with no reader fails (ENXIO) instead of waiting for one.
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            throw .failed(path: shown, reason: errno == ENXIO ? "no process is reading the FIFO" : reason(errno))
        }
        defer { close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        try writeAll(descriptor, text, shownAs: shown)
    }

    private static func writeAll(_ descriptor: Int32, _ text: String, shownAs shown: String) throws(WriteError) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .failed(path: shown, reason: reason(failure)) }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
