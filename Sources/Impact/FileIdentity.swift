#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as the system knows it, its device and inode: the same whatever path reaches it (`./s.apish`,
/// an absolute path, a symbolic link, a hard link), so `impact` can tell that a file it would write is
/// the script it reads.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The file `path` names, links followed; nil when nothing is there (a file not yet written cannot
    /// be one that is read).
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
