@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import Glibc
import Synchronization

/// A local description loaded before whose file is unchanged (same device, inode, size, mtime and ctime,
/// and read well after its last change) is known by the stamp its entry keeps, without reading or hashing
/// the file (`FileStamp`); a file changed in any way is read again, never served stale.
@Suite struct DescriptionStampTests {
    private static let locator = #"{"services":[{"name":"shop","version":1,"url":"https://shop.example.com/v1","openapi":"shop.yaml"}]}"#

    private func facade(cache folder: ScratchDirectory) -> ServiceFacade {
        ServiceFacade(transport: CurlTransport(), documentCache: DocumentCache(directory: folder.path + "/cache"))
    }

    /// The description a new session's load of the locator gives shop.
    private func loaded(_ folder: ScratchDirectory) throws -> LoadedDescription {
        let session = facade(cache: folder)
        let located = try session.workspace.locate(folder.path + "/services.json")
        let entry = try #require(located.locator.entries.first)
        return try #require(session.workspace.documents[entry.key]?.openapi)
    }

    /// Sets the file's mtime `seconds` back from now (an old file, as a description usually is).
    private func age(_ path: String, by seconds: Int) {
        setModified(path, to: timespec(tv_sec: time(nil) - seconds, tv_nsec: 0))
    }

    private func setModified(_ path: String, to modified: timespec) {
        let times = [modified, modified]
        #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
    }

    private func modified(_ path: String) -> timespec {
        var status = stat()
        _ = stat(path, &status)
        return status.st_mtim
    }

    /// A folder with the locator and an hour-old shop.yaml, loaded once (which keeps its stamp).
    private func loadedOnce() throws -> (folder: ScratchDirectory, path: String) {
        let folder = try ScratchDirectory()
        try folder.write("services.json", Self.locator)
        let path = try folder.write("shop.yaml", DescriptionCacheTests.document)
        age(path, by: 3600)
        #expect(try loaded(folder).holdsBytes)
        return (folder, path)
    }

    @Test func anUnchangedFileIsKnownByItsStampWithoutBeingRead() throws {
        // GIVEN a description loaded once
        let (folder, _) = try loadedOnce()
        // WHEN a later session loads it
        let description = try loaded(folder)
        // THEN it did not read the file, and the document a command needs is read from it then
        #expect(!description.holdsBytes)
        #expect(description.summary.title == "Shop")
        #expect(description.document.operations.map(\.displayName).sorted() == ["getPet", "listOrders"])
        #expect(description.holdsBytes)
    }

    /// A session that calls getPet, reading the whole and keeping its converted form.
    private func calledOnce(_ folder: ScratchDirectory) throws {
        let first = facade(cache: folder)
        _ = try first.workspace.locate(folder.path + "/services.json")
        #expect(try first.descriptions.operationOwner("getPet").api.document.operations.count == 2)
    }

    @Test func aCallFromTheConvertedFormReadsNeitherTheFileNorTheWhole() throws {
        // GIVEN a description loaded once and called once (which keeps its converted form)
        let (folder, _) = try loadedOnce()
        try calledOnce(folder)
        // WHEN a later session calls the operation
        let session = facade(cache: folder)
        let located = try session.workspace.locate(folder.path + "/services.json")
        let entry = try #require(located.locator.entries.first)
        let description = try #require(session.workspace.documents[entry.key]?.openapi)
        let owner = try session.descriptions.operationOwner("getPet")
        // THEN it has the operation's fragment, without reading the file or the whole
        #expect(owner.api.document.operations.map(\.displayName) == ["getPet"])
        #expect(!description.holdsBytes && !description.isRead)
    }

    /// How the file changes after its first load; every one keeps its size.
    enum Change: String, CaseIterable {
        /// Rewritten in place, its mtime set back to what it was (as a write within the same second leaves it).
        case sameSizeSameMtime
        /// Rewritten in place, with a new mtime.
        case sameSize
        /// Another file renamed over it (a new inode), its mtime set to the old one's.
        case replaced
    }

    @Test(arguments: Change.allCases)
    func aChangedFileIsReadAgainNeverServedStale(change: Change) throws {
        // GIVEN a description loaded once and called once (its converted form kept), and a session that
        // knew it by its stamp
        let (folder, path) = try loadedOnce()
        try calledOnce(folder)
        #expect(try !loaded(folder).holdsBytes)
        let before = modified(path)
        // WHEN the file changes to other bytes of the same size (getPet becomes getCat)
        let changed = DescriptionCacheTests.document.replacingOccurrences(of: "getPet", with: "getCat")
        switch change {
        case .sameSizeSameMtime:
            try folder.write("shop.yaml", changed)
            setModified(path, to: before)
        case .sameSize:
            try folder.write("shop.yaml", changed)
        case .replaced:
            let other = try folder.write("shop.yaml.new", changed)
            setModified(other, to: before)
            #expect(rename(other, path) == 0)
        }
        // THEN the next load reads the file, and the document is the new one
        let description = try loaded(folder)
        #expect(description.holdsBytes)
        #expect(description.document.operations.map(\.displayName).sorted() == ["getCat", "listOrders"])
        // AND a call in a later session finds the new operation, not the old one's converted form
        let session = facade(cache: folder)
        _ = try session.workspace.locate(folder.path + "/services.json")
        #expect((try? session.descriptions.operationOwner("getPet"))?.api.document.operation(named: "getPet") == nil)
        #expect(try session.descriptions.operationOwner("getCat").api.document.operation(named: "getCat") != nil)
    }

    @Test func aFileChangedAfterItsStampVouchedKeepsItsConvertedFormUnderWhatWasRead() throws {
        // GIVEN a session that knows the description by its stamp, never called before
        let (folder, path) = try loadedOnce()
        let before = modified(path)
        let session = facade(cache: folder)
        _ = try session.workspace.locate(folder.path + "/services.json")
        // WHEN the file changes (getPet moves to /cats/{id}, same size) before that session's first call,
        // which reads the whole and keeps its converted form
        let changed = DescriptionCacheTests.document.replacingOccurrences(of: "/pets/{id}", with: "/cats/{id}")
        try folder.write("shop.yaml", changed)
        #expect(try session.descriptions.operationOwner("getPet").api.document.operation(named: "getPet")?.path == "/cats/{id}")
        // THEN once the file holds the old bytes again, a later session's call finds their getPet: the
        // converted form was kept under the hash of the bytes read, not of those the stamp vouched for
        try folder.write("shop.yaml", DescriptionCacheTests.document)
        setModified(path, to: before)
        let later = facade(cache: folder)
        _ = try later.workspace.locate(folder.path + "/services.json")
        #expect(try later.descriptions.operationOwner("getPet").api.document.operation(named: "getPet")?.path == "/pets/{id}")
    }

    @Test func aFileReadSoonAfterItsLastChangeIsReadAgainUntilItsStampCanVouch() throws {
        // GIVEN a description written just now (a write in the same second would leave its times as they are)
        let folder = try ScratchDirectory()
        try folder.write("services.json", Self.locator)
        let path = try folder.write("shop.yaml", DescriptionCacheTests.document)
        _ = try loaded(folder)
        // WHEN it is loaded again  THEN it is read again: the stamp kept is too close to the change
        #expect(try loaded(folder).holdsBytes)
        // AND once its last change is older than the margin, the next read's stamp vouches for it
        age(path, by: 3600)
        #expect(try loaded(folder).holdsBytes)
        #expect(try !loaded(folder).holdsBytes)
    }

    @Test func aStampVouchesOnlyForAReadStartedWellAfterTheChange() {
        let stamp = FileStamp(identity: "1:2:3:4:5", modified: 10_000_000_000)
        #expect(!stamp.vouches(forReadAt: 10_000_000_000))
        #expect(!stamp.vouches(forReadAt: 10_000_000_000 + FileStamp.racyMargin - 1))
        #expect(stamp.vouches(forReadAt: 10_000_000_000 + FileStamp.racyMargin))
        let read = StampedRead(stamp: stamp, readAt: 20_000_000_000)
        #expect(read.vouches(for: stamp))
        #expect(!read.vouches(for: FileStamp(identity: "1:2:3:4:6", modified: 10_000_000_000)))
    }

    @Test(arguments: ["truncated", "garbage", "stamp not text", "readAt missing", "empty"])
    func aDamagedEntryIsIgnoredAndWrittenAgain(damage: String) throws {
        // GIVEN a description loaded once, its entry then damaged
        let (folder, _) = try loadedOnce()
        let entries = folder.path + "/cache/descriptions"
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: entries).first)
        let file = entries + "/" + name
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let damaged = switch damage {
        case "truncated": String(text.prefix(text.count / 2))
        case "garbage": "\u{1}\u{2}not json"
        case "stamp not text": text.replacingOccurrences(of: #""stamp":""#, with: #""stamp":1,"was":""#)
        case "readAt missing": text.replacingOccurrences(of: #""readAt""#, with: #""readAtx""#)
        default: ""
        }
        #expect(damaged != text)
        try damaged.write(toFile: file, atomically: false, encoding: .utf8)
        // WHEN the next session loads it  THEN it reads the file, with no error, the same document
        let description = try loaded(folder)
        #expect(description.holdsBytes)
        #expect(description.document.operations.count == 2)
        // AND the entry is written again: the session after knows it by its stamp
        #expect(try !loaded(folder).holdsBytes)
    }

    @Test func writersAtOnceNeverShowAReaderHalfAnEntry() throws {
        // GIVEN an entry with a stamp
        let folder = try ScratchDirectory()
        let cache = DescriptionCache(directory: folder.path + "/descriptions")
        let summary = DescriptionCache.Summary(title: String(repeating: "T", count: 20_000), version: "1", openAPIVersion: "3.1.0",
                                               description: nil, serverURL: nil, warnings: [], serverTargetWarnings: [])
        let stamp = FileStamp(identity: "1:2:3:4:5", modified: 0)
        let read = StampedRead(stamp: stamp, readAt: FileStamp.racyMargin)
        cache.store(summary, length: 3, hash: "h", source: "/s.yaml", file: read)
        // WHEN four writers rewrite it while a reader reads it
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            for _ in 0..<40 {
                if worker == 0 {
                    if cache.known(source: "/s.yaml", file: stamp) != Known(summary: summary, length: 3, hash: "h") {
                        failures.withLock { $0 += 1 }
                    }
                } else {
                    cache.store(summary, length: 3, hash: "h", source: "/s.yaml", file: read)
                }
            }
        }
        // THEN the reader always found the whole entry, and no writer's partial file is left
        #expect(failures.withLock { $0 } == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory) == [URL(fileURLWithPath: cache.path(for: "/s.yaml")).lastPathComponent])
    }

    private typealias Known = DescriptionCache.Known

    @Test func theEntryIsPrivateAndAWebDescriptionIsKnownByItsContent() throws {
        // GIVEN a description loaded once
        let (folder, _) = try loadedOnce()
        // THEN its entry is 0600 in a 0700 folder
        let entries = folder.path + "/cache/descriptions"
        #expect(try FileManager.default.attributesOfItem(atPath: entries)[.posixPermissions] as? Int == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: entries) {
            #expect(try FileManager.default.attributesOfItem(atPath: entries + "/" + name)[.posixPermissions] as? Int == 0o600)
        }
        // AND a web address has no local file to stamp: it is fetched and hashed each time
        let fetcher = DocumentFetcher(transport: CurlTransport(), cache: nil, refresh: false)
        #expect(fetcher.localPath("https://shop.example.com/openapi.yaml") == nil)
        #expect(fetcher.localPath("file:///tmp/shop.yaml") == "/tmp/shop.yaml")
    }
}
