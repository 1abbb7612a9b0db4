@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import JSON
import APIDescriptions

/// Descriptions at the size and shape big APIs publish: thousands of files with relative `$ref`s.
@Suite struct LargeDescriptionTests {
    @Test func aDescriptionOfTwoThousandFilesLoadsWithEveryOperationAndEachFileReadOnce() throws {
        // GIVEN a root and 2,000 files that refer down, sideways and back up to the root
        let folder = try ScratchDirectory()
        let (root, operations) = try GeneratedSpecs.split(files: 2_000, into: folder.path)
        let facade = ServiceFacade(transport: CurlTransport())
        let progress = LoadProgress()
        // WHEN it is located
        let report = try facade.locate(root, progress: progress)
        // THEN every operation is there, and each file was read once (the root and the 2,000)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let (api, _) = try facade.openAPI()
        #expect(api.document.operations.count == operations)
        #expect(progress.files == 2_001)
        // AND a schema two files away, and the root's own component it names, are known
        let schema = try #require(api.document.operation(named: "getResource7")?.responses.first?.schema)
        #expect(schema.properties.map(\.name) == ["id", "name", "next", "error"])
        #expect(schema.properties.last?.schema.properties.map(\.name) == ["code", "message"])
        let problem = try #require(api.document.operation(named: "getResource7")?.responses.last?.schema)
        #expect(problem.properties.first?.schema.properties.map(\.name) == ["code", "message"])
    }

    @Test func aDescriptionPastTheFileCapIsRefusedNamingTheOptionThatRaisesIt() throws {
        let folder = try ScratchDirectory()
        let (root, _) = try GeneratedSpecs.split(files: 40, into: folder.path)
        let facade = ServiceFacade(transport: CurlTransport())
        facade.documentLimits = DocumentLimits(files: 20)
        #expect {
            try facade.locate(root)
        } throws: { error in
            "\(error)".contains("more than 20 other files; --max-doc-files N raises the cap")
        }
        // AND the cap raised, it loads
        facade.documentLimits = DocumentLimits(files: 40)
        #expect(try facade.locate(root).locator.entries.count == 1)
    }
}
