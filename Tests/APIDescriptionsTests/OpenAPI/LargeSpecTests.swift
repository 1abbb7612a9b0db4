import TestSupport
import Schemas
import Foundation
import Testing
import APIDescriptions

extension OpenAPITests {
    @Suite struct Large {
        @Test func aTwentyMegabyteSpecLoads() throws {
            // GIVEN ~20 MB of OpenAPI JSON with 5,000 operations
            let data = Data(GeneratedSpecs.large(operations: 5_000).utf8)
            #expect(data.count > 19_000_000)
            // WHEN it is parsed as the locator would
            let spec = try OpenAPIDocument.parse(data, source: "http://127.0.0.1:8080/specs/big.json")
            // THEN every operation is there, with its merged parameters and shared, cyclic schemas
            #expect(spec.operations.count == 5_000)
            #expect(spec.serverURL == "http://127.0.0.1:8080/api")
            let last = try #require(spec.operation(named: "op4999"))
            #expect(last.parameters.map(\.name) == ["id", "itemId", "limit", "X-Trace"])
            let model = try #require(last.responses.first?.schema?.items)
            #expect(model.name == "Model199")
            #expect(model.properties.map(\.name) == ["code", "message", "id", "label", "next"])
            #expect(model.property(named: "next")?.property(named: "next")?.name == "Model1")
            #expect(spec.responseSchema(of: last, status: 404).schema?.name == "Error")
            // AND comparing it with itself finds nothing, without looping through Model0 → … → Model199 → Model0
            #expect(SpecDiff.compare(spec, spec).isEmpty)
        }
    }
}
