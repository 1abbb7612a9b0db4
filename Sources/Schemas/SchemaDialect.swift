import JSON
/// Which JSON Schema a document's schemas are written in, as the document says: `openapi: 3.0.x` (and
/// `swagger: 2.0`, read as 3.0) is draft 4 with OpenAPI's own keywords, `3.1.x` is draft 2020-12, and a plain
/// schema names its draft in `$schema` (2020-12 when it does not).
///
/// What changes with the dialect: draft 4 reads `id` (not `$id`), lets `$ref` stand alone (its siblings are
/// ignored), writes tuples as `items: [...]` with `additionalItems`, `exclusiveMinimum`/`exclusiveMaximum` as
/// booleans and `dependencies`, and calls `1.0` a number but not an integer; 2020-12 adds `const`, `contains`,
/// `prefixItems`, `if`/`then`/`else`, `dependentRequired`/`dependentSchemas`, `propertyNames`,
/// `unevaluated*`, `$anchor` and `$dynamicRef`.
public enum SchemaDialect: Sendable, Equatable, CustomStringConvertible {
    /// JSON Schema draft 4 (also drafts 3, 6 and 7 when a plain schema names them: the closest apish reads).
    case draft4
    /// OpenAPI 3.0's schema object: draft 4 plus `nullable`, `discriminator`, `readOnly` and `writeOnly`, and
    /// without `id` (3.0 has none, and an `id` there is a property's or an example's).
    case openAPI30
    /// JSON Schema draft 2020-12 (and 2019-09), as OpenAPI 3.1 uses it.
    case draft2020

    /// Draft 4's rules (`id`, tuple `items`, boolean exclusive bounds, `$ref` alone).
    var isDraft4: Bool { self != .draft2020 }

    /// The dialect a `$schema` URI names, or nil for one apish does not know.
    public static func named(_ uri: String) -> SchemaDialect? {
        var text = Substring(uri)
        while text.hasSuffix("#") { text = text.dropLast() }
        for prefix in ["http://", "https://"] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        switch text {
        case "json-schema.org/draft-03/schema", "json-schema.org/draft-04/schema",
             "json-schema.org/draft-06/schema", "json-schema.org/draft-07/schema":
            return .draft4
        case "json-schema.org/draft/2019-09/schema", "json-schema.org/draft/2020-12/schema":
            return .draft2020
        default:
            return nil
        }
    }

    /// The dialect of a stand-alone schema document: its `$schema`, else 2020-12.
    public static func of(schema document: JSONValue) -> SchemaDialect {
        document["$schema"]?.stringValue.flatMap(named) ?? .draft2020
    }

    /// The dialect of an OpenAPI document's schemas by its `openapi` version (and `jsonSchemaDialect`).
    public static func of(openAPIVersion version: String, jsonSchemaDialect: String? = nil) -> SchemaDialect {
        if version.hasPrefix("3.0") || version.hasPrefix("2") { return .openAPI30 }
        return jsonSchemaDialect.flatMap(named) ?? .draft2020
    }

    public var description: String {
        switch self {
        case .draft4: "JSON Schema draft 4"
        case .openAPI30: "OpenAPI 3.0 schema (draft 4)"
        case .draft2020: "JSON Schema draft 2020-12"
        }
    }
}
