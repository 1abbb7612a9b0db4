@testable import Facade
import Testing
@testable import Shell
import JSON
import Schemas
import APIDescriptions

/// A schema model shows in the schema's order with its titles.
@Suite struct SchemaPresenterTests {
    private func model(_ schema: String, _ body: String) throws -> SchemaModel {
        let document = try SchemaDocument(document: try JSONValue.parse(schema))
        return SchemaModel(schema: document.root, value: try JSONValue.parse(body))
    }

    @Test func rowsFollowTheSchemaOrderWithTitlesAndNestedObjectsOpen() throws {
        let schema = #"""
            {"type":"object","properties":{
              "b":{"title":"Bee","type":"string"},
              "a":{"title":"Ay","type":"object","properties":{"x":{"title":"Ex"},"y":{}}},
              "c":{"type":"array"}}}
            """#
        let presentation = SchemaPresenter.present(try model(schema, #"{"a":{"y":2,"x":1},"c":[1,2],"extra":null,"b":"hi"}"#))
        guard case .rows(let rows) = presentation else {
            Issue.record("expected rows, got \(presentation)")
            return
        }
        #expect(rows.map(\.label) == ["Bee", "Ay › Ex", "Ay › y", "c", "extra"])
        #expect(rows.map(\.value) == ["hi", "1", "2", "[1,2]", "–"])
    }
}
