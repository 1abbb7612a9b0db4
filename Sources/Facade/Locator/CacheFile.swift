#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file of apish's cache folder, written whole or not at all: its bytes go to a name of the writer's
/// own beside the target (so two processes writing at once never mix their bytes) and are renamed over it
/// (so a reader sees the old file or the new one, never half of one). The folder is made 0700, the file
/// 0600. A writer stopped half way leaves its partial file behind; `isStalePartial` tells the trims of
/// the cache's writers which ones to remove.
enum CacheFile {
    /// How long a partial file may be another writer's work in progress; older ones were left behind.
    static let partialLifetime = 3600

    /// Writes `data` as the file at `path` in `directory`; false when it could not (the cache then
    /// simply does not remember it).
    @discardableResult
    static func write(_ data: Data, to path: String, in directory: String) -> Bool {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return false
        }
        let temporary = path + ".partial-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        guard manager.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return false }
        guard rename(temporary, path) == 0 else {
            _ = unlink(temporary)
            return false
        }
        return true
    }

    /// Whether the file `name` in a cache folder, last changed at `modified` (seconds), is a partial file
    /// its writer left behind `partialLifetime` ago or more.
    static func isStalePartial(_ name: String, modified: Int, now: Int = time(nil)) -> Bool {
        name.contains(".partial") && now - modified > partialLifetime
    }

    /// Removes the stale partial files among `names` in `directory`.
    static func removeStalePartials(_ names: [String], in directory: String) {
        for name in names where name.contains(".partial") {
            var status = stat()
            guard stat(directory + "/" + name, &status) == 0, isStalePartial(name, modified: Platform.modificationTime(of: status).tv_sec) else { continue }
            _ = unlink(directory + "/" + name)
        }
    }
}
