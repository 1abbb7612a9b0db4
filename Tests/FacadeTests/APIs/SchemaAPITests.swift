import DemoAPIs
import Schemas
import TestSupport
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// Models declared as JSON Schema in the locator (`"schema"`), checked on every refresh.
@Suite struct SchemaAPITests {
    @Test func aSchemaBecomesTheModelWithItsTitlesAndOrder() throws {
        // GIVEN the demo's real-API locator, whose forecast versions name a schema each
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let report = try facade.workspace.locate("services-real.json")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let entry = try facade.workspace.entry(of: "forecast", version: "2025-06-01")
        #expect(facade.workspace.definition(for: entry) is SchemaAPI)

        // WHEN refreshed
        let exchange = try facade.requests.refresh("forecast")

        // THEN the body matched: the model is the schema's title and keeps the schema ($ref and allOf resolved)
        #expect(exchange.outcome == .success(status: 200), "\(exchange.outcome)")
        #expect(exchange.model?.typeName == "Forecast (2025-06-01)")
        let model = try #require(exchange.value(SchemaModel.self))
        #expect(model.schema.properties.map(\.name) == ["location", "temperature", "summary", "updated"])
        #expect(model.schema.properties.map { $0.schema.title } == ["Location", "Temperature", "Summary", "Updated"])
        let location = try #require(model.schema.property(named: "location"))
        #expect(location.properties.map(\.name) == ["city", "state"])
        #expect(model.schema.property(named: "temperature")?.properties.map(\.name) == ["high", "low", "unit"])
    }

    @Test func aViolationIsADecodeErrorNamingPathsExpectedAndFound() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        try facade.workspace.locate("services-real.json")
        let exchange = try facade.requests.refresh("price")
        let failure = try #require(exchange.decodeFailure, "got \(exchange.outcome)")
        #expect(failure.description == #"price: expected object, found string "9.50""#)
        // the body is still there for show --raw and let
        #expect(exchange.body?["item"]?.stringValue == "tea")
    }

    @Test func upToFiveViolationsAreNamed() throws {
        // GIVEN a schema that the echo route's answer breaks in six places
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let required = (1...6).map { "\"f\($0)\"" }.joined(separator: ",")
        _ = try folder.write("strict.json", #"{"type":"object","required":[\#(required)]}"#)
        let path = try folder.write("s.json", LocatorText.document([
            LocatorText.entry("mirror", "1", server.url("/echo/m"), extra: #""schema":"strict.json""#),
        ]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        let failure = try #require(try facade.requests.refresh("mirror").decodeFailure)
        #expect(failure.more.count == 4)
        #expect(failure.description.components(separatedBy: "; ").count == 5)
        #expect(failure.description.hasPrefix("f1: expected a value, found no such field"))
    }

    @Test(arguments: [
        ("missing.json", "cannot use schema"),
        ("broken.json", "not JSON"),
        ("doc.json#/components/schemas/Nope", "Nope"),
    ])
    func aSchemaThatCannotBeUsedIsOneWarningAndTheServiceStillWorks(reference: String, reason: String) throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        _ = try folder.write("broken.json", "{not json")
        _ = try folder.write("doc.json", #"{"components":{"schemas":{"Pet":{"type":"object"}}}}"#)
        let path = try folder.write("s.json", LocatorText.document([
            LocatorText.entry("mirror", "1", server.url("/echo/m"), extra: #""schema":"\#(reference)""#),
        ]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        let report = try facade.workspace.locate(path)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.hasPrefix("mirror v1: cannot use schema") == true, "\(report.warnings)")
        #expect(report.warnings.first?.contains(reason) == true, "\(report.warnings)")
        let exchange = try facade.requests.refresh("mirror")
        #expect(exchange.outcome.isSuccess)
        #expect(exchange.model?.typeName == "JSON")
    }

    @Test func aFragmentOfALargerDocumentIsASchema() throws {
        // GIVEN `openapi.json#/components/schemas/Echo` (a fragment, with a $ref inside the same document)
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        _ = try folder.write("openapi.json", #"""
            {"openapi":"3.0.3","components":{"schemas":{
              "Echo":{"title":"Echo","type":"object","required":["method","path"],
                      "properties":{"method":{"$ref":"#/components/schemas/Method"},"path":{"type":"string","title":"Path"}}},
              "Method":{"type":"string","enum":["GET","POST"],"title":"Method"}}}}
            """#)
        let path = try folder.write("s.json", LocatorText.document([
            LocatorText.entry("mirror", "1", server.url("/echo/m"), extra: #""schema":"openapi.json#/components/schemas/Echo""#),
        ]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        let exchange = try facade.requests.refresh("mirror")
        #expect(exchange.outcome.isSuccess, "\(exchange.outcome)")
        #expect(exchange.model?.typeName == "Echo")
        let posted = try facade.requests.send(RawRequest(method: .put, target: "mirror", items: []))
        #expect(posted.model?.typeName == "JSON")
    }
}
