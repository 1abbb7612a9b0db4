import DemoAPIs
@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// Specs that cannot be used (not JSON, no `paths`, dangling `$ref`s, `$ref` cycles, too large) or are
/// merely big: as a locator entry's document each is one warning and the service still works as generic
/// JSON; as the whole locator each is one clear locator error. Nothing crashes or hangs.
@Suite struct OpenAPIBadInputTests {
    static let info = #""openapi":"3.0.3","info":{"title":"Bad","version":"1"}"#
    static let cases: [(name: String, text: String, reason: String)] = [
        ("broken yaml", "openapi: 3.0.3\ninfo:\n  title: [Bad\n", "line 4, column 1: did not find expected ',' or ']'"),
        ("yaml without paths", "openapi: 3.0.3\ninfo:\n  title: Bad\n  version: '1'\n", "OpenAPI document has no 'paths' object"),
        ("no paths", "{\(info)}", "OpenAPI document has no 'paths' object"),
        ("dangling", "{\(info),\"paths\":{\"/a\":{\"get\":{\"responses\":{\"200\":{\"$ref\":\"#/components/responses/Nope\"}}}}}}",
         "dangling $ref '#/components/responses/Nope'"),
        ("cycle", "{\(info),\"paths\":{\"/a\":{\"get\":{\"responses\":{\"200\":{\"description\":\"x\",\"content\":{\"application/json\":"
            + "{\"schema\":{\"$ref\":\"#/components/schemas/A\"}}}}}}}},\"components\":{\"schemas\":{\"A\":{\"$ref\":\"#/components/schemas/B\"},"
            + "\"B\":{\"$ref\":\"#/components/schemas/A\"}}}}",
         "never reaches a schema"),
        ("swagger 1.2", #"{"swagger":"1.2","info":{"title":"Old","version":"1"},"paths":{}}"#, "only Swagger 2.0 and OpenAPI 3.0/3.1 are read"),
    ]

    @Test(arguments: cases.map(\.name))
    func aBadDocumentOfAnEntryIsOneWarningAndTheServiceStillWorks(name: String) throws {
        let bad = try #require(Self.cases.first { $0.name == name })
        // GIVEN an entry of the demo's echo route whose document is bad
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        try folder.write("spec.json", bad.text)
        let path = try folder.write("s.json", LocatorText.document([
            LocatorText.entry("mirror", "1", server.url("/echo/m"), extra: #""openapi":"spec.json""#),
        ]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)

        // WHEN located
        let report = try facade.workspace.locate(path)

        // THEN one warning line names the entry, the document and why
        #expect(report.warnings.count == 1)
        let warning = try #require(report.warnings.first)
        #expect(warning.hasPrefix("mirror v1: cannot use OpenAPI document file://\(folder.path)/spec.json: "), "\(warning)")
        #expect(warning.contains(bad.reason), "\(warning)")
        #expect(!warning.contains("\n"))
        // AND the service works as generic JSON; ops and call say why they cannot
        #expect(try facade.requests.refresh("mirror").model?.typeName == "JSON")
        do {
            _ = try facade.descriptions.call("anything", arguments: [], service: "mirror")
            Issue.record("call should have been refused")
        } catch {
            guard case .noOpenAPI(service: "mirror v1", problem: let problem?) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(problem.contains(bad.reason))
        }
        // AND `ops` with no service in use says the same of that entry, not that no entry names a document
        do {
            _ = try facade.descriptions.openAPI()
            Issue.record("openAPI() should have been refused")
        } catch {
            #expect(error.description.hasPrefix("mirror v1: its OpenAPI document cannot be used: "), "\(error)")
            #expect(error.description.contains(bad.reason), "\(error)")
        }
        #expect(facade.descriptions.unusableDocuments().map(\.service) == ["mirror v1"])
    }

    @Test(arguments: cases.map(\.name))
    func aBadDocumentAsTheLocatorIsOneLocatorError(name: String) throws {
        let bad = try #require(Self.cases.first { $0.name == name })
        let folder = try ScratchDirectory()
        let path = try folder.write("spec.json", bad.text)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)

        do {
            try facade.workspace.locate(path)
            Issue.record("locate should have failed")
        } catch {
            #expect(error.description.hasPrefix("cannot parse locator \(path): "), "\(error)")
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains(bad.reason), "\(error)")
        }
        #expect(facade.workspace.locator == nil)
    }

    @Test func aSpecLargerThanTheBodyCapIsAWarning() throws {
        // GIVEN a 1 MiB cap and a document of 3 MB
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let path = try folder.write("s.json", LocatorText.document([
            LocatorText.entry("mirror", "1", server.url("/echo/m"), extra: #""openapi":"\#(server.url("/faults/huge/3"))""#),
        ]))
        let facade = ServiceFacade(transport: CurlTransport(configuration: TransportConfiguration(maxBodyBytes: 1 << 20)), catalogue: DemoAPIs.catalogue)

        let report = try facade.workspace.locate(path)

        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.contains("larger than") == true, "\(report.warnings)")
    }

    @Test func aTwentyMegabyteSpecLoadsAsAnEntryAndAsTheLocator() throws {
        // GIVEN ~20 MB of OpenAPI JSON with 5,000 operations, served (relative `servers`) by the demo's echo route
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let text = GeneratedSpecs.large(operations: 5_000)
            .replacingOccurrences(of: #""servers":[{"url":"/api"}]"#, with: #""servers":[{"url":"\#(server.url("/echo/api"))"}]"#)
        let spec = try folder.write("big.json", text)
        let locator = try folder.write("s.json", #"{"services":[{"name":"big","version":1,"openapi":"big.json"}]}"#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)

        // WHEN named by an entry
        let report = try facade.workspace.locate(locator)

        // THEN it loads, and its operations are called where its server says
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(try facade.descriptions.openAPI().api.document.operations.count == 5_000)
        let echoed = try facade.descriptions.call("op4999", arguments: ["a", "7", "name=x"])
        #expect(echoed.displayURL == server.url("/echo/api/resources4999/a/items/7"))
        #expect(echoed.outcome.status == 200)

        // AND as the whole locator
        let alone = try facade.workspace.locate(spec)
        #expect(alone.locator.entries.map(\.name) == ["generated"])
        #expect(try facade.descriptions.openAPI().api.document.operations.count == 5_000)
    }
}
