import JSON
import Schemas
/// One declared response of an operation: its status key (`200`, `2XX`, `default`), description and the
/// schema of its JSON body (from `application/json` or any `…+json` media type), if declared.
public struct OpenAPIResponse: Sendable {
    public let status: String
    public let description: String?
    /// The declared media types, in document order (`application/json`, `*/*`).
    public internal(set) var mediaTypes: [String] = []
    /// The declared response headers, in document order.
    public internal(set) var headers: [OpenAPIHeader] = []
    var schemaSlot: SchemaSlot?
    /// The media type whose schema `schema` is (JSON, else `*/*` or `application/*`).
    var schemaMediaType: String?
    /// The schemas of the other media types an answer may come as (`text/plain`, `application/xml`).
    var otherSchemas = MediaTypeSchemas()

    init(status: String, description: String?, schemaSlot: SchemaSlot?) {
        self.status = status
        self.description = description
        self.schemaSlot = schemaSlot
    }

    public var schema: JSONSchema? { schemaSlot?.schema }

    /// The schema declared for `mediaType` (compared by essence), when it is one apish reads.
    func schema(forMediaType mediaType: String) -> JSONSchema? {
        if let chosen = schemaMediaType, OpenAPIMediaType.essence(chosen) == OpenAPIMediaType.essence(mediaType) { return schema }
        return otherSchemas.schema(forMediaType: mediaType)
    }

    /// Whether the status key stands for success (`2XX`, `204`).
    public var isSuccess: Bool { status.hasPrefix("2") }

    mutating func attach(_ graph: SchemaGraph) {
        schemaSlot?.graph = graph
        otherSchemas.attach(graph)
        for index in headers.indices { headers[index].schemaSlot?.graph = graph }
    }
}

/// One declared header of a response: its name as written, whether it is always sent, and its schema.
public struct OpenAPIHeader: Sendable {
    public let name: String
    public let required: Bool
    public let deprecated: Bool
    var schemaSlot: SchemaSlot?

    public var schema: JSONSchema? { schemaSlot?.schema }
}
