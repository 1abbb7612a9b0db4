import Testing
import JSON
import Schemas

/// The JSON Schema engine: loading, `$ref`, merging, descriptions and validation. Each concern is a
/// nested suite in its own file (`SchemaTests.Validation`, …), so `--filter SchemaTests` runs them all.
@Suite enum SchemaTests {
    /// Loads a schema written as JSON text.
    static func load(_ text: String, pointer: String? = nil) throws -> SchemaDocument {
        try SchemaDocument(document: JSONValue.parse(text), pointer: pointer)
    }

    static func json(_ text: String) throws -> JSONValue {
        try JSONValue.parse(text)
    }

    /// Validates `value` and gives the failures as their one-line descriptions.
    static func failures(_ schema: SchemaDocument, _ value: String, limit: Int = 5) throws -> [String] {
        try schema.validate(json(value), limit: limit).map(\.description)
    }
}
