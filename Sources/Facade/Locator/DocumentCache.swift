import JSON
import FoundationFree
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

/// Documents fetched from the web (locators, specs, the files their `$ref`s name), kept on disk under
/// `$XDG_CACHE_HOME/apish` (else `~/.cache/apish`), one pair of files per URL: the body and what
/// revalidates it (`ETag`, `Last-Modified`). A later fetch asks the server whether its copy is still good
/// (`If-None-Match`, `If-Modified-Since`), and a server that cannot be reached is answered from the copy,
/// so a restart works offline. Documents from loopback servers are not kept by the standard cache. Files are private to the user (0600 in a 0700 directory). A cache that
/// cannot be written is no error: the fetch simply is not remembered. Each body is kept with its length and
/// hash, and a body that no longer matches them (cut short, edited) is no entry: the document is fetched whole.
public struct DocumentCache: Sendable {
    /// One remembered document.
    public struct Entry: Sendable, Equatable {
        public let url: String
        public let body: Data
        public let etag: String?
        let lastModified: String?
    }

    public let directory: String
    /// Whether documents from this machine's own servers (`localhost`, `127.0.0.1`, `[::1]`) are kept:
    /// their ports change from run to run and they are never offline, so the standard cache skips them.
    let keepsLoopback: Bool

    init(directory: String, keepsLoopback: Bool = true) {
        self.directory = directory
        self.keepsLoopback = keepsLoopback
    }

    /// Whether `url` is one this cache keeps.
    public func keeps(_ url: String) -> Bool {
        guard !keepsLoopback else { return true }
        guard let host = URL(string: url)?.host?.lowercased() else { return false }
        return !(host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]")
    }

    /// Where the cache lives for this environment: `$XDG_CACHE_HOME/apish`, else `$HOME/.cache/apish`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> DocumentCache? {
        XDGDirectory.cache.apish(environment: environment).map { DocumentCache(directory: $0, keepsLoopback: false) }
    }

    public func entry(for url: String) -> Entry? {
        guard keeps(url) else { return nil }
        let base = path(for: url)
        guard let metaData = try? LocalFile.read(base + ".meta", limit: 64 << 10),
              case .object(let meta)? = try? JSONValue.parse(metaData),
              meta["url"]?.stringValue == url,
              let body = try? LocalFile.read(base + ".body"),
              meta["length"]?.intValue == body.count, meta["hash"]?.stringValue == DescriptionCache.hash(body)
        else { return nil }
        return Entry(url: url, body: body, etag: meta["etag"]?.stringValue, lastModified: meta["lastModified"]?.stringValue)
    }

    public func store(_ entry: Entry) {
        guard keeps(entry.url) else { return }
        let base = path(for: entry.url)
        var meta: JSONObject = [
            "url": .string(entry.url), "length": .number(JSONNumber(entry.body.count)),
            "hash": .string(DescriptionCache.hash(entry.body)),
        ]
        if let etag = entry.etag { meta["etag"] = .string(etag) }
        if let lastModified = entry.lastModified { meta["lastModified"] = .string(lastModified) }
        // The meta names the body's length and hash, so a body and meta of two writers never pass as an entry.
        guard CacheFile.write(entry.body, to: base + ".body", in: directory),
              CacheFile.write(Data(JSONValue.object(meta).encoded().utf8), to: base + ".meta", in: directory)
        else { return }
        CacheFile.removeStalePartials((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [], in: directory)
    }

    /// The cache as it may be used, checked before anything is read from it or written to it: a folder that
    /// others may write to could hold documents they planted, so the user's own is made private (0700) and a
    /// notice says so, and another user's is not used at all (no cache, and the notice says why). Nothing is
    /// checked, and nothing said, when the folder does not exist yet (`store` makes it 0700).
    func secured() -> (cache: DocumentCache?, notice: String?) {
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return (self, nil) }
        let mode = "0" + String(status.st_mode & 0o777, radix: 8)
        guard status.st_uid == getuid() else {
            return (nil, "the cache folder \(directory) belongs to another user (uid \(status.st_uid)); documents are not cached")
        }
        guard status.st_mode & 0o077 != 0 else { return (self, nil) }
        guard chmod(directory, 0o700) == 0 else {
            return (nil, "the cache folder \(directory) is open to others (mode \(mode)) and cannot be made private; documents are not cached")
        }
        return (self, "the cache folder \(directory) was open to others (mode \(mode)); made it private (0700)")
    }

    /// Empties the cache: every document kept, and what descriptions loaded to (the summaries under
    /// `descriptions/`, the converted forms under `operations/`). How many files went; the folders stay.
    public func clear() -> Int {
        var removed = 0
        for folder in [directory, directory + "/descriptions", directory + "/operations"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                var status = stat()
                let path = folder + "/" + name
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 else { continue }
                removed += 1
            }
        }
        return removed
    }

    /// The URL's files: a 64-bit FNV-1a hash of it, in hex (the URL itself is checked on reading, so a
    /// collision is a miss, never the wrong document).
    func path(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
