import FoundationFree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the history lives and how it is read and written.
///
/// The format is libedit's (`_HiStOrY_V2_`, then one `strvis`-encoded entry per line, oldest first), so
/// a file written by an older apish or by libedit's own `write_history` loads, and vice versa.
public enum HistoryFile {
    /// `$XDG_STATE_HOME/apish/history`, else `$HOME/.local/state/apish/history`.
    ///
    /// A relative `XDG_STATE_HOME` is ignored, as the XDG spec requires. Without `HOME` the password
    /// database's home directory is used.
    public static func defaultPath(environment: [String: String]) -> String {
        let directory = XDGDirectory.state.apish(environment: environment, home: { passwordHome() ?? "/" })
        return XDGDirectory.joined(directory ?? "/.local/state/apish", "history")
    }

    /// The entries of the file at `path`, oldest first; none when it does not exist.
    /// A file without the libedit cookie is read as plain lines.
    static func load(from path: String) throws(HistoryFileError) -> [String] {
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptorIO.readAll(path: path)
        } catch where error.code == ENOENT {
            return []
        }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { return [] }
        if first.elementsEqual(HistoryEncoding.cookie.utf8) {
            return lines.dropFirst().map { HistoryEncoding.decode($0) }
        }
        return lines.map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
    }

    /// Replaces the file at `path` with `entries`, readable by the owner only.
    ///
    /// Missing parent directories are created with mode 0700. The entries go to a temporary file
    /// created 0600 beside the target and renamed over it, so the file is never briefly
    /// world-readable and a crash cannot leave half a history behind.
    static func save(_ entries: [String], to path: String) throws(HistoryFileError) {
        let directory = parentDirectory(of: path)
        try makeDirectories(directory)

        var contents = HistoryEncoding.cookie + "\n"
        for entry in entries {
            contents += HistoryEncoding.encode(entry)
            contents += "\n"
        }
        let temporary = "\(directory)/.history-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do throws(HistoryFileError) {
            try FileDescriptorIO.writeNew(path: temporary, bytes: Array(contents.utf8), mode: 0o600)
            guard rename(temporary, path) == 0 else {
                throw HistoryFileError(operation: "replace", path: path, code: errno)
            }
        } catch {
            unlink(temporary)
            throw error
        }
        // The rename kept the temporary's 0600; chmod again in case the target was a pre-existing
        // file that something else recreated between our write and the rename.
        guard chmod(path, 0o600) == 0 else {
            throw HistoryFileError(operation: "set permissions of", path: path, code: errno)
        }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func makeDirectories(_ directory: String) throws(HistoryFileError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw HistoryFileError(operation: "create directory", path: prefix, code: errno)
            }
        }
    }

    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}
