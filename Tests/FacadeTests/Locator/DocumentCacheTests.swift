@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
@testable import DemoServer

/// The on-disk cache of web documents is only ever a copy: a body that no longer matches what was stored is
/// fetched again, and a folder others may write to is made private before it is used, or not used.
@Suite struct DocumentCacheTests {
    @Test func aCutShortCachedBodyIsFetchedAgain() throws {
        // GIVEN a spec fetched and cached, whose cached body is then cut short under the ETag the server still has
        let folder = try ScratchDirectory()
        let cache = DocumentCache(directory: folder.path + "/cache")
        let server = try LiveDemoServer()
        let spec = server.url("/descriptions/swagger-pets/swagger.yaml")
        try ServiceFacade(transport: CurlTransport(), documentCache: cache).workspace.locate(spec)
        let body = cache.path(for: spec) + ".body"
        let whole = try Data(contentsOf: URL(fileURLWithPath: body))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: body))
        // WHEN apish starts again
        let facade = ServiceFacade(transport: CurlTransport(), documentCache: cache)
        try facade.workspace.locate(spec)
        // THEN the copy is no entry: the whole document is fetched, read and cached again
        #expect(try facade.descriptions.openAPI().api.document.title == "Swagger pets")
        #expect(cache.entry(for: spec)?.body == whole)
    }

    @Test func aCacheFolderOpenToOthersIsMadePrivateWithOneNotice() throws {
        // GIVEN the user's own cache folder with mode 0777
        let folder = try ScratchDirectory()
        let directory = folder.path + "/cache"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory)
        let server = try LiveDemoServer()
        let spec = server.url("/descriptions/swagger-pets/swagger.yaml")
        let facade = ServiceFacade(transport: CurlTransport(), documentCache: DocumentCache(directory: directory))
        // WHEN a description is located
        let report = try facade.workspace.locate(spec)
        // THEN the folder is 0700, and one line says so
        #expect(report.warnings.filter { $0.contains("cache") } == [
            "the cache folder \(directory) was open to others (mode 0777); made it private (0700)",
        ])
        #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700)
        // AND the next locate has nothing to say about it
        #expect(try facade.workspace.locate(spec).warnings.filter { $0.contains("cache") } == [])
    }

    @Test(.enabled(if: getuid() == 0, "making a folder another user's takes root"))
    func anotherUsersCacheFolderIsNotUsed() throws {
        // GIVEN a cache folder that belongs to another user, open to all
        let folder = try ScratchDirectory()
        let directory = folder.path + "/cache"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777, .ownerAccountID: 65534], ofItemAtPath: directory)
        let server = try LiveDemoServer()
        let spec = server.url("/descriptions/swagger-pets/swagger.yaml")
        let cache = DocumentCache(directory: directory)
        // WHEN a description is located
        let report = try ServiceFacade(transport: CurlTransport(), documentCache: cache).workspace.locate(spec)
        // THEN it is read, nothing is written there, and a line says why
        #expect(report.warnings.contains("the cache folder \(directory) belongs to another user (uid 65534); documents are not cached"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }
}
