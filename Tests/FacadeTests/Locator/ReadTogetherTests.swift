@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import FoundationFree
import Synchronization

/// `diff --spec` reads its two descriptions at once (`DescriptionService.openAPIDocuments(of:)`): each as
/// it reads alone, and a Ctrl-C stops both.
@Suite struct ReadTogetherTests {
    private static let locator = #"{"services":[{"name":"shop","version":1,"url":"https://shop.example.com/v1","openapi":"one.yaml"},"#
        + #"{"name":"shop","version":2,"url":"https://shop.example.com/v2","openapi":"two.yaml"}]}"#

    private func facade(cache folder: ScratchDirectory) -> ServiceFacade {
        ServiceFacade(transport: CurlTransport(), documentCache: DocumentCache(directory: folder.path + "/cache"))
    }

    /// Two versions of shop, loaded once; a new session that knows them by their summaries, and its two entries.
    private func twoVersions(interruptions: (@Sendable () -> CancellationToken)? = nil) throws -> (session: ServiceFacade, entries: [LocatorEntry]) {
        let folder = try ScratchDirectory()
        try folder.write("one.yaml", DescriptionCacheTests.document)
        try folder.write("two.yaml", DescriptionCacheTests.document.replacingOccurrences(of: "listOrders", with: "listAllOrders"))
        let locator = try folder.write("services.json", Self.locator)
        _ = try facade(cache: folder).workspace.locate(locator)
        let session = facade(cache: folder)
        if let interruptions { session.workspace.interruptLaterReads(with: interruptions) }
        let entries = try session.workspace.locate(locator).locator.entries
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { session.workspace.documents[$0.key]?.openapi?.isRead == false })
        return (session, entries)
    }

    @Test func bothDocumentsAreReadAtOnceAsEachReadsAlone() throws {
        // GIVEN two descriptions known by their summaries
        let (session, entries) = try twoVersions()
        // WHEN both are asked for together
        let documents = try session.descriptions.openAPIDocuments(of: entries)
        // THEN each is read, in the order asked, as it reads alone
        #expect(documents.map { $0.operations.map(\.displayName).sorted() } == [["getPet", "listOrders"], ["getPet", "listAllOrders"]])
        #expect(entries.allSatisfy { session.workspace.documents[$0.key]?.openapi?.isRead == true })
    }

    @Test func aCtrlCStopsBothReadsAndNeitherIsKept() throws {
        // GIVEN two descriptions known by their summaries, and a Ctrl-C already pressed for later reads
        let made = Mutex(0)
        let (session, entries) = try twoVersions {
            made.withLock { $0 += 1 }
            let token = CancellationToken()
            token.cancel()
            return token
        }
        // WHEN both are asked for together
        let documents = try session.descriptions.openAPIDocuments(of: entries)
        // THEN both reads stopped and say so, neither is kept as the document, and each had its own token
        #expect(documents.allSatisfy { $0.operations.isEmpty && $0.warnings.contains { $0.contains("stopped by Ctrl-C") } })
        #expect(entries.allSatisfy { session.workspace.documents[$0.key]?.openapi?.isRead == false })
        #expect(made.withLock { $0 } >= 2)
    }
}
