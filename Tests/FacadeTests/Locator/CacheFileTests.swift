@testable import Facade
import TestSupport
import Foundation
import Testing
import Glibc
import Synchronization

/// The cache's writers (`DocumentCache`, `DescriptionCache`, `OperationCache`) write each file through
/// `CacheFile.write`: whole or not at all, private, and a writer stopped half way leaves nothing a later
/// trim keeps.
@Suite struct CacheFileTests {
    @Test func aFileIsWrittenPrivateInAPrivateFolder() throws {
        let folder = try ScratchDirectory()
        let directory = folder.path + "/cache/descriptions"
        #expect(CacheFile.write(Data("entry".utf8), to: directory + "/a.json", in: directory))
        #expect(try String(contentsOfFile: directory + "/a.json", encoding: .utf8) == "entry")
        #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700)
        #expect(try FileManager.default.attributesOfItem(atPath: directory + "/a.json")[.posixPermissions] as? Int == 0o600)
    }

    @Test func writersAtOnceLeaveOneWholeFileAndNoPartial() throws {
        // GIVEN four writers of different contents (each 64 KiB of one letter) to one file, and a reader
        let folder = try ScratchDirectory()
        let path = folder.path + "/cache/entry"
        let contents = ["a", "b", "c", "d"].map { String(repeating: $0, count: 64 << 10) }
        #expect(CacheFile.write(Data(contents[0].utf8), to: path, in: folder.path + "/cache"))
        let mixed = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            for _ in 0..<30 {
                if worker == 4 {
                    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    if !contents.contains(text) { mixed.withLock { $0 += 1 } }
                } else {
                    CacheFile.write(Data(contents[worker].utf8), to: path, in: folder.path + "/cache")
                }
            }
        }
        // THEN the reader never saw a mix or a part, and only the file is left
        #expect(mixed.withLock { $0 } == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache") == ["entry"])
    }

    @Test func aPartialFileLeftBehindLongAgoIsRemovedAndAFreshOneKept() throws {
        // GIVEN a partial file an hour and more old, one just written, and an entry
        let folder = try ScratchDirectory()
        let old = try folder.write("entry.json.partial-1-2", "half")
        try folder.write("entry.json.partial-3-4", "half")
        try folder.write("entry.json", "whole")
        let hourAgo = timespec(tv_sec: time(nil) - CacheFile.partialLifetime - 5, tv_nsec: 0)
        #expect(utimensat(AT_FDCWD, old, [hourAgo, hourAgo], 0) == 0)
        // WHEN the folder is trimmed
        CacheFile.removeStalePartials(try FileManager.default.contentsOfDirectory(atPath: folder.path), in: folder.path)
        // THEN only the old partial went
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["entry.json", "entry.json.partial-3-4"])
    }

    @Test func aWebDocumentIsStoredWholeWithNoPartialLeft() throws {
        let folder = try ScratchDirectory()
        let cache = DocumentCache(directory: folder.path + "/cache")
        let entry = DocumentCache.Entry(url: "https://shop.example.com/openapi.json", body: Data("{}".utf8), etag: "\"1\"", lastModified: nil)
        cache.store(entry)
        #expect(cache.entry(for: entry.url) == entry)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory).allSatisfy { !$0.contains(".partial") })
    }
}
