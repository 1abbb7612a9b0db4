import JSON
/// What a schema says once `$ref`s and `allOf` are merged in: the face `JSONSchema` shows to help,
/// rendering and spec diffs. Validation does not use it; it checks every keyword where it was written.
@usableFromInline package struct SchemaView: Sendable {
    var name: String?
    var title: String?
    var description: String?
    var format: String?
    var types: [String] = []
    var isNullable = false
    var enumValues: [JSONValue]?
    var constValue: JSONValue?
    package var required: [String] = []
    package var properties: [(name: String, schema: Int)] = []
    /// `additionalProperties: false` on the schema itself.
    var closed = false
    /// OpenAPI's `readOnly` (not required in a request) and `writeOnly` (not required in an answer).
    var readOnly = false
    var writeOnly = false
    var items: Int?
    @usableFromInline var anyOf: [Int] = []
    @usableFromInline var oneOf: [Int] = []
    /// The `$ref` or `allOf` a schema without keywords of its own stands for, for its description.
    package var standsFor: Int?
    /// Its `allOf`/`$ref` chain went deeper than `SchemaGraph.mergeDepthLimit`: what lies below was not
    /// merged, so the properties and `required` shown are not all there are. Said wherever the view is used.
    var isCut = false
}
