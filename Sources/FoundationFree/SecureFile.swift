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

/// Whole-file reads and atomic writes for the files apish keeps (profiles, credentials, tokens): written
/// to a temporary file beside the target, created with its final mode, then renamed over it, so a crash
/// leaves the old file or the new one and a secret file is never readable by others, even for a moment.
package enum SecureFile {
    package typealias Failure = StoredFileError

    /// The largest file read, and so the largest written: profiles and token files are small, and a huge
    /// one is a mistake.
    package static let limit = 4 << 20

    /// How many backups of one file `backUp` keeps: `NAME.bak` (the newest), `NAME.bak.2`, `NAME.bak.3`.
    package static let backupsKept = 3

    /// The bytes of `path`, nil when there is no such file. With `private`, a file that others may read or
    /// write is refused, as ssh refuses a key file.
    package static func read(_ path: String, private isPrivate: Bool = false) throws(Failure) -> [UInt8]? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw Failure("cannot read \(path): \(reason(errno))")
        }
        if isPrivate, status.st_mode & 0o077 != 0 {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw Failure("\(path) is readable by others (mode 0\(mode)); it holds secrets, so it is not used until: chmod 600 \(path)")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("cannot read \(path): \(reason(errno))") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure("cannot read \(path): \(reason(errno))") }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
        throw Failure("cannot read \(path): larger than \(limit >> 20) MiB")
    }

    /// Replaces `path` with `bytes` (mode `mode`), creating missing folders with mode 0700. More than
    /// `limit` bytes is refused: `read` would refuse the file.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(Failure) {
        guard bytes.count <= limit else {
            throw Failure("cannot write \(path): it would be \(megabytes(bytes.count)), larger than the \(limit >> 20) MiB apish reads back")
        }
        let directory = parent(of: path)
        try makeDirectories(directory)
        let temporary = directory + "/." + name(of: path) + "-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure("cannot write \(path): \(reason(errno))") }
        var written = 0
        var failure: Int32 = fchmod(descriptor, mode) == 0 ? 0 : errno
        while failure == 0, written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if count >= 0 {
                written += count
            } else if errno != EINTR {
                failure = errno
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure("cannot write \(path): \(reason(failure))")
        }
    }

    /// Runs `body` holding an exclusive lock that every apish process takes before it reads, changes and
    /// writes `path`, so no process writes over a change it did not read. The lock is on a hidden file
    /// beside it (`.NAME.lock`, 0600), not on `path` itself: `write` renames a new file over `path`, and a
    /// lock on the file it replaced would guard nothing. The lock file is never removed: a process may be
    /// waiting on it. Closing it releases the lock, also when the process dies.
    package static func withLock<Value>(on path: String, _ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let directory = parent(of: path)
        try makeDirectories(directory)
        let lockPath = directory + "/." + name(of: path) + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure("cannot lock \(path) (\(lockPath)): \(reason(errno))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure("cannot lock \(path) (\(lockPath)): \(reason(errno))") }
        }
        return try body()
    }

    /// Moves a file that could not be parsed aside before it is replaced, as `NAME.bak`; the backups made
    /// before move down (`NAME.bak.2`, `NAME.bak.3`) and older ones are deleted, so a file that keeps
    /// failing cannot fill the disk. Where it went. Call it holding the file's lock.
    package static func backUp(_ path: String) throws(Failure) -> String {
        let directory = parent(of: path), prefix = name(of: path) + ".bak."
        // `.bak.N` past the last kept, among them those an earlier apish numbered without end.
        for entry in names(in: directory) where entry.hasPrefix(prefix) {
            if let number = Int(entry.dropFirst(prefix.count)), number >= backupsKept {
                try remove(directory + "/" + entry)
            }
        }
        for number in stride(from: backupsKept - 1, through: 1, by: -1) where read(existing: backup(of: path, number)) {
            guard rename(backup(of: path, number), backup(of: path, number + 1)) == 0 else {
                throw Failure("cannot back up \(path): \(reason(errno))")
            }
        }
        guard rename(path, backup(of: path, 1)) == 0 else { throw Failure("cannot back up \(path): \(reason(errno))") }
        return backup(of: path, 1)
    }

    /// `NAME.bak`, `NAME.bak.2`, …
    private static func backup(of path: String, _ number: Int) -> String {
        number == 1 ? path + ".bak" : path + ".bak.\(number)"
    }

    /// Whether something is at `path`.
    package static func read(existing path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    package static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw Failure("cannot delete \(path): \(reason(errno))") }
    }

    /// The names in a folder (none when it does not exist).
    package static func names(in directory: String) -> [String] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func makeDirectories(_ directory: String) throws(Failure) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw Failure("cannot create the folder \(prefix): \(reason(errno))")
            }
        }
    }

    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `5.0 MiB`, one decimal.
    package static func megabytes(_ count: Int) -> String {
        let tenths = (count * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// A profile, credentials or token file that cannot be read, written, parsed or trusted, in one line naming it.
public struct StoredFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    package init(_ message: String) { self.message = message }
    public var description: String { message }
}
