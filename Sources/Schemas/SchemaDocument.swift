import FoundationFree
import JSON
/// A JSON Schema loaded from a document: the whole document is the `$ref` root, and `pointer` (the
/// fragment of `openapi.json#/components/schemas/Pet`) picks the schema in it, the whole document by
/// default. Every schema the root reaches is read and checked when loading, so a dangling `$ref` is an
/// error here rather than at the first response.
///
/// The dialect is the document's `$schema` (2020-12 when it names none) unless given; `baseURI` is where the
/// document came from, against which its `$id`s and `$ref`s resolve, and `embedded` names other documents
/// bundled into this one (at a pointer) by the URI each was retrieved from. Nothing is ever fetched.
public struct SchemaDocument: Sendable {
    public let root: JSONSchema

    public init(document: JSONValue, pointer: String? = nil, dialect: SchemaDialect? = nil, baseURI: String? = nil,
                embedded: [(pointer: JSONPointer, uri: String)] = [], cancellation: CancellationToken? = nil) throws(SchemaError) {
        try self.init(document: document, pointer: pointer, dialect: dialect, baseURI: baseURI, embedded: embedded,
                      cancellation: cancellation, readsOnDemand: false)
    }

    /// The same, with the schemas read when a check first reaches them (`SchemaGraphBuilder.readsOnDemand`):
    /// nothing is checked at load, so only for documents known to read.
    package init(document: JSONValue, pointer: String? = nil, dialect: SchemaDialect? = nil, baseURI: String? = nil,
                 embedded: [(pointer: JSONPointer, uri: String)] = [], cancellation: CancellationToken? = nil,
                 readsOnDemand: Bool) throws(SchemaError) {
        let text = pointer ?? ""
        let normalized = text.hasPrefix("#") || text.hasPrefix("/") || text.isEmpty ? text : "/" + text
        guard let parsed = JSONPointer(normalized) else { throw .invalidPointer(text) }
        var builder = SchemaGraphBuilder(document: document, dialect: dialect ?? SchemaDialect.of(schema: document),
                                         baseURI: baseURI, embedded: embedded, cancellation: cancellation)
        builder.readsOnDemand = readsOnDemand
        let index = try builder.schema(at: parsed)
        root = JSONSchema(graph: try builder.finish(), index: index)
    }

    /// Up to `limit` failures of `value` against the root schema; empty when it matches.
    public func validate(_ value: JSONValue, limit: Int = 5, use: SchemaUse = .any, cancellation: CancellationToken? = nil) -> [DecodeFailure] {
        root.validate(value, limit: limit, use: use, cancellation: cancellation)
    }

    /// The same check of a parsed document, read where it was parsed.
    public func validate(_ document: JSONDocument, limit: Int = 5, use: SchemaUse = .any, cancellation: CancellationToken? = nil) -> [DecodeFailure] {
        root.validate(document, limit: limit, use: use, cancellation: cancellation)
    }
}
