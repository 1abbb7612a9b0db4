#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// What a local file's metadata said, as git's index keeps it: device, inode, size, and the times of its
/// last change of content (mtime) and of anything (ctime), to the nanosecond. The `DescriptionCache`
/// keeps a description file's stamp beside its bytes' hash, so that a later load whose file has the same
/// stamp takes that hash without reading and hashing the file (`DocumentLoader`).
///
/// A stamp only vouches for content read `racyMargin` or more after the file was last changed (git's
/// "racy clean" rule): a write within the timestamp's granularity of the read could leave the times as
/// they were, so such a stamp is not trusted and the file is read and hashed again. Rewriting a file,
/// even to the same size in the same second, moves its ctime, which no one can set back; replacing it
/// moves its inode.
struct FileStamp: Sendable, Equatable {
    /// Device, inode, size, mtime and ctime as one text, compared whole.
    let identity: String
    /// The mtime, in nanoseconds since the epoch.
    let modified: Int64

    /// How long after a file's mtime a read must start for its stamp to vouch for what was read.
    static let racyMargin: Int64 = 2_000_000_000

    /// The stamp of the regular file at `path`; nil when it cannot be told (no such file, not a regular file).
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        modified = Self.nanoseconds(Platform.modificationTime(of: status))
        identity = "\(status.st_dev):\(status.st_ino):\(status.st_size):\(modified):\(Self.nanoseconds(Platform.changeTime(of: status)))"
    }

    init(identity: String, modified: Int64) {
        self.identity = identity
        self.modified = modified
    }

    /// Whether content read from the file at `readAt` (nanoseconds since the epoch, taken before the
    /// read started) is what any later file with this stamp holds.
    func vouches(forReadAt readAt: Int64) -> Bool {
        readAt - modified >= Self.racyMargin
    }

    /// The wall clock now, in nanoseconds since the epoch (the clock file times are taken from).
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return nanoseconds(time)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// A local file's bytes as read: the stamp the file had throughout the read, and when the read started.
struct StampedRead: Sendable, Equatable {
    let stamp: FileStamp
    let readAt: Int64

    /// Whether a file stamped `current` now holds the bytes this read saw.
    func vouches(for current: FileStamp) -> Bool {
        current == stamp && stamp.vouches(forReadAt: readAt)
    }
}
