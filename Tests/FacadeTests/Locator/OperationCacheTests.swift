@testable import Facade
import APIDescriptions
import JSON
import TestSupport
import Foundation
import Testing
import HTTPClient

/// A description loaded before keeps its converted form (`OperationCache`), written by the first call that
/// reads it whole: a later session's `call` reads one operation's fragment instead of the whole document,
/// never a stale or damaged one.
@Suite struct OperationCacheTests {
    private func facade(cache folder: ScratchDirectory) -> ServiceFacade {
        ServiceFacade(transport: CurlTransport(), documentCache: DocumentCache(directory: folder.path + "/cache"))
    }

    private func entries(_ folder: ScratchDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache/operations")) ?? []).sorted()
    }

    /// A session that loaded `path` (from the summary of an earlier one) and asked for the owner of `getPet`.
    private func callingSession(_ folder: ScratchDirectory, _ path: String) throws -> (facade: ServiceFacade, operations: Int, read: Bool) {
        let session = facade(cache: folder)
        let description = try #require(try session.workspace.locate(path).locator.loadedDescription)
        let owner = try session.descriptions.operationOwner("getPet")
        return (session, owner.api.document.operations.count, description.isRead)
    }

    /// A first load of `path`, and a first call, which writes the converted form.
    private func primed(_ folder: ScratchDirectory, _ path: String) throws {
        _ = try facade(cache: folder).workspace.locate(path)
        let call = try callingSession(folder, path)
        #expect(call.operations == 2 && call.read)
    }

    @Test func theFirstCallWritesTheConvertedFormAndALoadDoesNot() throws {
        // GIVEN a description loaded once, then loaded and listed (`ops`) by a second session
        let folder = try ScratchDirectory()
        let path = try folder.write("shop.yaml", DescriptionCacheTests.document)
        _ = try facade(cache: folder).workspace.locate(path)
        let listing = facade(cache: folder)
        #expect(try listing.workspace.locate(path).locator.openAPIDocument?.operations.count == 2)
        // THEN neither kept the converted form
        #expect(entries(folder).isEmpty)
        // WHEN a session calls an operation  THEN it reads the whole and keeps it
        let call = try callingSession(folder, path)
        #expect(call.operations == 2 && call.read)
        #expect(entries(folder).count == 1)
    }

    @Test func aCallInALaterSessionReadsOnlyItsOperationAndReadsItAsTheWholeDoes() throws {
        // GIVEN a description loaded once, and called once
        let folder = try ScratchDirectory()
        let path = try folder.write("shop.yaml", DescriptionCacheTests.document)
        let whole = try #require(try facade(cache: folder).workspace.locate(path).locator.openAPIDocument)
        try primed(folder, path)
        #expect(entries(folder).count == 1)
        // WHEN a later session looks for the operation `call getPet` names
        let session = facade(cache: folder)
        let description = try #require(try session.workspace.locate(path).locator.loadedDescription)
        let owner = try session.descriptions.operationOwner("getPet")
        // THEN it has the operation alone, without reading the whole document
        #expect(owner.api.document.operations.map(\.displayName) == ["getPet"])
        #expect(!description.isRead)
        // AND the operation reads as in the whole: parameters, servers, answers and their schema
        let pet = try #require(owner.api.document.operation(named: "getPet"))
        let wholePet = try #require(whole.operation(named: "getPet"))
        #expect(pet.parameters.map(\.name) == wholePet.parameters.map(\.name))
        #expect(owner.api.document.servers == whole.servers)
        #expect(owner.api.document.serverURL == whole.serverURL)
        for value: JSONValue in [.object(["id": .number(1)]), .object(["name": .string("Rex")]), .string("x")] {
            let fragment = owner.api.document.responseSchema(of: pet, status: 200).schema?.validate(value).map(\.description)
            #expect(fragment == whole.responseSchema(of: wholePet, status: 200).schema?.validate(value).map(\.description))
        }
        // AND `METHOD /path` names it too; an operation it does not have reads the whole
        #expect(try session.descriptions.operationOwner("GET /pets/{id}").api.document.operations.count == 1)
        #expect(!description.isRead)
        #expect(throws: FacadeError.self) { try session.descriptions.call("getPets", arguments: []) }
        #expect(description.isRead)
    }

    /// With no published mistake repaired, the schema components are kept apart and read from the entry
    /// when a check first reaches one; the answer is checked as the whole checks it.
    @Test func aLaterCallReadsTheSchemasItsAnswerReachesFromTheEntry() throws {
        // GIVEN a description that reads as written (no `type: int` to repair), loaded and called once
        let folder = try ScratchDirectory()
        let text = DescriptionCacheTests.document.replacingOccurrences(of: "type: int}", with: "type: integer}")
        let path = try folder.write("shop.yaml", text)
        let whole = try #require(try facade(cache: folder).workspace.locate(path).locator.openAPIDocument)
        try primed(folder, path)
        // THEN its entry keeps Pet apart, read on demand
        let bytes = Data(text.utf8)
        let entry = try #require(OperationCache(directory: folder.path + "/cache/operations").entry(for: bytes, hash: DescriptionCache.hash(bytes)))
        // (which pieces it is, from the table; their names are read when a schema first asks for one)
        #expect(entry.operations.onDemandPieces.count == 1 && entry.operations.onDemand.isEmpty)
        #expect(entry.components(at: try #require(JSONPointer("#/components/schemas/Pet/required"))) == .array([.string("name")]))
        #expect(entry.components(at: try #require(JSONPointer("#/components/schemas/Nope"))) == nil)
        // WHEN a later session calls getPet  THEN its answer is checked as the whole checks it
        let session = facade(cache: folder)
        let description = try #require(try session.workspace.locate(path).locator.loadedDescription)
        let owner = try session.descriptions.operationOwner("getPet")
        let pet = try #require(owner.api.document.operation(named: "getPet"))
        let wholePet = try #require(whole.operation(named: "getPet"))
        for value: JSONValue in [.object(["id": .number(1)]), .object(["name": .string("Rex")]), .object(["name": .number(2)]), .string("x")] {
            let fragment = owner.api.document.responseSchema(of: pet, status: 200).schema?.validate(value).map(\.description)
            #expect(fragment == whole.responseSchema(of: wholePet, status: 200).schema?.validate(value).map(\.description))
        }
        #expect(owner.api.document.responseSchema(of: pet, status: 200).schema?.name == "Pet")
        #expect(!description.isRead)
        // AND names that no longer read back as written (the last bytes of the file) give no component
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache/operations").first)
        let handle = try #require(FileHandle(forUpdatingAtPath: folder.path + "/cache/operations/" + file))
        try handle.seek(toOffset: try handle.seekToEnd() - 3)
        try handle.write(contentsOf: Data("xyz".utf8))
        try handle.close()
        let damaged = try #require(OperationCache(directory: folder.path + "/cache/operations").entry(for: bytes, hash: DescriptionCache.hash(bytes)))
        #expect(damaged.components(at: try #require(JSONPointer("#/components/schemas/Pet"))) == nil)
    }

    @Test func aChangedDescriptionIsNeverServedStale() throws {
        // GIVEN a description loaded once, its converted form kept
        let folder = try ScratchDirectory()
        let path = try folder.write("shop.yaml", DescriptionCacheTests.document)
        try primed(folder, path)
        // WHEN the file changes (one more query parameter) and later sessions call the operation
        try folder.write("shop.yaml", DescriptionCacheTests.document.replacingOccurrences(
            of: "parameters: [{name: id, in: path, required: true, schema: {type: int}}]",
            with: "parameters: [{name: id, in: path, required: true, schema: {type: int}}, {name: fields, in: query}]"))
        _ = try facade(cache: folder).workspace.locate(path)
        let changed = try callingSession(folder, path)
        #expect(changed.read)
        let session = facade(cache: folder)
        _ = try session.workspace.locate(path)
        let owner = try session.descriptions.operationOwner("getPet")
        // THEN it reads the new bytes' operation, from their own entry
        #expect(owner.api.document.operations.count == 1)
        #expect(owner.api.document.operation(named: "getPet")?.parameters.map(\.name) == ["id", "fields"])
        #expect(entries(folder).count == 2)
    }

    @Test(arguments: ["truncated", "corrupt", "garbage", "foreign", "other build", "empty"])
    func aDamagedOrForeignEntryIsIgnoredAndWrittenAgain(damage: String) throws {
        // GIVEN a description loaded and called once, and its entry then damaged
        let folder = try ScratchDirectory()
        let path = try folder.write("shop.yaml", DescriptionCacheTests.document)
        try primed(folder, path)
        let name = try #require(entries(folder).first)
        let file = folder.path + "/cache/operations/" + name
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        let damaged: Data
        switch damage {
        case "truncated": damaged = good.prefix(good.count - 40)
        case "corrupt":
            // A byte of the first piece (the document's own members, which every fragment holds) changed:
            // its title, which only that piece holds.
            var bytes = good
            let title = try #require(bytes.firstRange(of: Data("\"Shop\"".utf8)))
            bytes[title.lowerBound + 1] = UInt8(ascii: "T")
            damaged = bytes
        case "garbage": damaged = Data("not an entry\n{\"x\":1}".utf8)
        case "foreign":
            // A well-made entry of other bytes, under this entry's name.
            let other = try folder.write("other.yaml", DescriptionCacheTests.document.replacingOccurrences(of: "Shop", with: "Other"))
            try primed(folder, other)
            let otherName = try #require(entries(folder).first { $0 != name })
            damaged = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/cache/operations/" + otherName))
        case "other build":
            damaged = Data(String(decoding: good, as: UTF8.self)
                .replacingOccurrences(of: "\"build\":\"", with: "\"build\":\"1").utf8)
        default: damaged = Data()
        }
        try damaged.write(to: URL(fileURLWithPath: file))
        // WHEN a later session calls the operation
        let damagedRun = try callingSession(folder, path)
        // THEN it reads the whole description, with no error, and gets the operation
        #expect(damagedRun.operations == 2)
        #expect(damagedRun.read)
        // AND the entry is written again, so the next session reads the fragment
        let next = try callingSession(folder, path)
        #expect(next.operations == 1)
        #expect(!next.read)
    }

    /// Fragments of `title`'s shop, as the cache stores them, and the bytes they are of.
    private func fragments(_ title: String) throws -> (fragments: OperationFragments, bytes: Data) {
        let text = DescriptionCacheTests.document.replacingOccurrences(of: "Shop", with: title)
        let tree = try APIDocumentText.parse(Data(text.utf8))
        let fragments = try #require(OperationFragments.make(tree, read: try OpenAPIDocument.parse(tree, source: "shop.yaml")))
        return (fragments, Data(text.utf8))
    }

    @Test func entriesArePrivateAndTheOldestGoPastTheSizeLimit() throws {
        // GIVEN a cache that holds about two entries
        let folder = try ScratchDirectory()
        let one = try fragments("Shop 0")
        let probe = OperationCache(directory: folder.path + "/probe")
        probe.store(one.fragments, for: one.bytes, hash: DescriptionCache.hash(one.bytes))
        let size = try #require(try FileManager.default.attributesOfItem(
            atPath: probe.path(length: one.bytes.count, hash: DescriptionCache.hash(one.bytes)))[.size] as? Int)
        let cache = OperationCache(directory: folder.path + "/operations", byteLimit: size * 2 + size / 2)
        // WHEN four descriptions are stored, one after the other
        var stored: [Data] = []
        for index in 0..<4 {
            let (fragments, bytes) = try fragments("Shop \(index)")
            cache.store(fragments, for: bytes, hash: DescriptionCache.hash(bytes))
            stored.append(bytes)
        }
        // THEN the two latest stay, 0600 in a 0700 folder, and the two oldest are gone
        let kept = stored.map { cache.entry(for: $0, hash: DescriptionCache.hash($0)) != nil }
        #expect(kept == [false, false, true, true])
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
        #expect(names.count == 2)
        #expect(try FileManager.default.attributesOfItem(atPath: cache.directory)[.posixPermissions] as? Int == 0o700)
        for name in names {
            #expect(try FileManager.default.attributesOfItem(atPath: cache.directory + "/" + name)[.posixPermissions] as? Int == 0o600)
        }
    }

    @Test func writersAtOnceNeverShowAReaderHalfAnEntry() throws {
        // GIVEN one description's converted form
        let folder = try ScratchDirectory()
        let (fragments, bytes) = try fragments("Shop")
        // (whose `type: int` is repaired, so no piece is left to be read on demand: a document reads them all)
        #expect(fragments.onDemand.isEmpty)
        let hash = DescriptionCache.hash(bytes)
        let cache = OperationCache(directory: folder.path + "/operations")
        let expected = try #require(fragments.operationIndex(named: "getPet").flatMap(fragments.pieces(of:)))
        // WHEN four writers store it over and over while four readers read it
        let seen = LockedCounts()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<40 {
                if worker.isMultiple(of: 2) {
                    cache.store(fragments, for: bytes, hash: hash)
                } else if let entry = cache.entry(for: bytes, hash: hash) {
                    // THEN every entry a reader finds is whole: its index and the operation's pieces read back
                    let whole = entry.operations.operationIndex(named: "getPet").flatMap(entry.operations.pieces(of:)) == expected
                        && entry.documentOnDemand(calling: "getPet") != nil
                    seen.add(whole: whole)
                } else {
                    seen.add(whole: nil)
                }
            }
        }
        #expect(seen.broken == 0)
        #expect(seen.whole > 0)
        // AND no writer's temporary file is left
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory) == [cache.path(length: bytes.count, hash: hash)]
            .map { String($0.split(separator: "/").last ?? "") })
    }

    @Test func clearingTheCacheRemovesDocumentsSummariesAndConvertedForms() throws {
        // GIVEN a cache that holds a description's summary and converted form, and a web document
        let folder = try ScratchDirectory()
        let path = try folder.write("shop.yaml", DescriptionCacheTests.document)
        try primed(folder, path)
        let session = facade(cache: folder)
        _ = try session.workspace.locate(path)
        DocumentCache(directory: folder.path + "/cache").store(
            DocumentCache.Entry(url: "https://example.com/spec.json", body: Data("{}".utf8), etag: nil, lastModified: nil))
        // WHEN it is cleared
        let cleared = try #require(session.workspace.clearCache())
        // THEN every file went, and the next session reads the description whole again
        #expect(cleared.removed == 4)
        #expect(entries(folder).isEmpty)
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache/descriptions")).isEmpty)
        #expect(try facade(cache: folder).workspace.locate(path).locator.loadedDescription?.isRead == true)
    }
}

/// What the readers of `writersAtOnceNeverShowAReaderHalfAnEntry` saw.
private final class LockedCounts: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var whole = 0
    private(set) var broken = 0

    func add(whole isWhole: Bool?) {
        lock.lock()
        defer { lock.unlock() }
        switch isWhole {
        case true?: whole += 1
        case false?: broken += 1
        case nil: break
        }
    }
}
