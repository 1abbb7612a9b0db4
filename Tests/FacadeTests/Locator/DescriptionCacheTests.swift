@testable import Facade
import Schemas
import TestSupport
import Foundation
import Testing
import HTTPClient
import HTTPTypes
import FoundationFree
import Synchronization

/// A description loaded before is known by the summary its first load kept (`DescriptionCache`) and read
/// from its bytes only when a command needs it; the document and the warnings are those of a fresh load.
@Suite struct DescriptionCacheTests {
    static let document = """
    openapi: 3.0.3
    info: {title: Shop, version: 1.0.0, description: pets and orders}
    servers: [{url: 'https://shop.example.com/v1'}]
    paths:
      /pets/{id}:
        get:
          operationId: getPet
          parameters: [{name: id, in: path, required: true, schema: {type: int}}]
          responses: {'200': {description: a pet, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}}
      /orders:
        get:
          operationId: listOrders
    components:
      schemas:
        Pet: {type: object, required: [name], properties: {name: {type: string}}}

    """

    private func facade(cache folder: ScratchDirectory) -> ServiceFacade {
        ServiceFacade(transport: CurlTransport(), documentCache: DocumentCache(directory: folder.path + "/cache"))
    }

    @Test func aReadOfTheSummarisedDocumentThatCtrlCStopsIsReadAgainByTheNextUse() throws {
        // GIVEN a description loaded before, and a Ctrl-C that arrives while it is first read
        let folder = try ScratchDirectory()
        let path = try folder.write("shop.yaml", Self.document)
        _ = try facade(cache: folder).workspace.locate(path)
        let second = facade(cache: folder)
        let tokens = Mutex(0)
        second.workspace.interruptLaterReads {
            let made = tokens.withLock { count in count += 1; return count }
            let token = CancellationToken()
            if made == 1 { token.cancel() }
            return token
        }
        let description = try #require(try second.workspace.locate(path).locator.loadedDescription)
        // WHEN a command reads it  THEN the read stops and says so, and is not kept
        let stopped = description.document
        #expect(stopped.operations.isEmpty)
        #expect(stopped.warnings.contains { $0.contains("stopped by Ctrl-C") })
        #expect(!description.isRead)
        // AND the next use reads the whole document
        #expect(description.document.operations.map(\.displayName).contains("getPet"))
        #expect(description.isRead)
    }

    @Test func aSecondLoadOfTheSameBytesTakesTheSummaryAndReadsTheSameDocumentWhenUsed() throws {
        // GIVEN a description with published mistakes, loaded once by one session (which keeps its summary)
        let folder = try ScratchDirectory()
        let path = try folder.write("shop.yaml", Self.document)
        let first = facade(cache: folder)
        let fresh = try first.workspace.locate(path)
        let freshDocument = try #require(fresh.locator.openAPIDocument)
        // WHEN another session loads the same bytes
        let second = facade(cache: folder)
        let cached = try second.workspace.locate(path)
        // THEN it reads no document for the load, and gives the same services and warnings
        let description = try #require(cached.locator.loadedDescription)
        #expect(!description.isRead)
        #expect(cached.locator.entries == fresh.locator.entries)
        #expect(cached.warnings == fresh.warnings)
        #expect(cached.warnings.contains { $0.contains("type \"int\" is not a JSON Schema type") })
        #expect(cached.warnings.contains { $0.contains("no responses") })
        #expect(cached.locator.openAPIIdentity?.title == "Shop")
        #expect(!description.isRead)
        // AND the document a command reads is the fresh load's
        let document = try #require(cached.locator.openAPIDocument)
        #expect(description.isRead)
        #expect(document.operations.map(\.displayName) == freshDocument.operations.map(\.displayName))
        #expect(document.warnings == freshDocument.warnings)
        #expect(document.servers == freshDocument.servers)
        #expect(document.operationFingerprints == freshDocument.operationFingerprints)
        #expect(document.schemaFingerprints == freshDocument.schemaFingerprints)
        let pet = try #require(document.operation(named: "getPet"))
        #expect(document.responseSchema(of: pet, status: 200).schema?.validate(.object(["id": .number(1)])).isEmpty == false)
        #expect(document.responseSchema(of: pet, status: 200).schema?.validate(.object(["name": .string("Rex")])).isEmpty == true)
    }

    @Test func otherBytesAreReadAfreshAndTheReloadSaysWhatChanged() throws {
        // GIVEN a description loaded twice, the second time from its summary
        let folder = try ScratchDirectory()
        let path = try folder.write("shop.yaml", Self.document)
        _ = try facade(cache: folder).workspace.locate(path)
        let session = facade(cache: folder)
        #expect(try session.workspace.locate(path).locator.loadedDescription?.isRead == false)
        // WHEN the file changes under the same version
        try folder.write("shop.yaml", Self.document.replacingOccurrences(of: "properties: {name: {type: string}}",
                                                                         with: "properties: {name: {type: string}, tag: {type: string}}"))
        let reloaded = try session.workspace.locate(nil)
        // THEN the new bytes are read (not the old summary), and the change is named
        #expect(reloaded.locator.loadedDescription?.isRead == true)
        #expect(reloaded.changes?.lines == ["~ shop v1.0.0 document changed: 1 operation changed (getPet), 1 schema changed (Pet)"])
        // AND the next session takes the new bytes' summary
        #expect(try facade(cache: folder).workspace.locate(path).locator.loadedDescription?.isRead == false)
    }

    @Test func entriesArePrivateOnePerSourceAndFew() throws {
        // GIVEN a cache folder
        let folder = try ScratchDirectory()
        let cache = DescriptionCache(directory: folder.path + "/descriptions")
        let summary = DescriptionCache.Summary(title: "T", version: "1", openAPIVersion: "3.1.0", description: nil,
                                               serverURL: "https://x.example", warnings: ["w"], serverTargetWarnings: [])
        // WHEN more sources are stored than it keeps, and one source twice with other bytes
        for index in 0..<(DescriptionCache.entryLimit + 3) {
            cache.store(summary, for: Data("bytes \(index)".utf8), source: "/specs/\(index).json")
        }
        cache.store(summary, for: Data("new bytes".utf8), source: "/specs/0.json")
        // THEN at most entryLimit files stay, each 0600 in a 0700 folder, and only the latest bytes match
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
        #expect(names.count == DescriptionCache.entryLimit)
        let folderMode = try FileManager.default.attributesOfItem(atPath: cache.directory)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        for name in names {
            let mode = try FileManager.default.attributesOfItem(atPath: cache.directory + "/" + name)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        #expect(cache.summary(for: Data("new bytes".utf8), source: "/specs/0.json") == summary)
        #expect(cache.summary(for: Data("bytes 0".utf8), source: "/specs/0.json") == nil)
        #expect(cache.summary(for: Data("new bytes".utf8), source: "/specs/1.json") == nil)
        #expect(cache.summary(for: Data("new bytez".utf8), source: "/specs/0.json") == nil)
    }

    @Test func aDescriptionOfSeveralFilesIsNotKept() throws {
        // GIVEN a description whose schema lives in another file
        let folder = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: folder.path + "/schemas", withIntermediateDirectories: true)
        try folder.write("schemas/pet.yaml", "type: object\n")
        let path = try folder.write("shop.yaml", Self.document.replacingOccurrences(
            of: "Pet: {type: object, required: [name], properties: {name: {type: string}}}", with: "Pet: {$ref: 'schemas/pet.yaml'}"))
        // WHEN it is loaded twice
        _ = try facade(cache: folder).workspace.locate(path)
        let again = try facade(cache: folder).workspace.locate(path)
        // THEN both loads read it (its other files could have changed), and no summary was kept
        #expect(again.locator.loadedDescription?.isRead == true)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache/descriptions"))?.isEmpty ?? true)
    }

    @Test func anEntrysDocumentLoadedBeforeIsTakenFromItsSummaryToo() throws {
        // GIVEN a locator whose entry names the description, loaded once
        let folder = try ScratchDirectory()
        try folder.write("shop.yaml", Self.document)
        let locator = try folder.write("services.json", #"{"services":[{"name":"shop","version":1,"url":"https://shop.example.com/v1","openapi":"shop.yaml"}]}"#)
        let fresh = try facade(cache: folder).workspace.locate(locator)
        // WHEN another session loads it
        let session = facade(cache: folder)
        let cached = try session.workspace.locate(locator)
        // THEN the warnings are the same, and the operations are there when a command asks
        #expect(cached.warnings == fresh.warnings)
        let entry = try #require(cached.locator.entries.first)
        #expect(session.workspace.documents[entry.key]?.openapi?.isRead == false)
        #expect(session.workspace.documents[entry.key]?.openapi?.document.operations.count == 2)
    }
}
