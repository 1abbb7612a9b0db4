import JSON
/// One declared response of an operation: its status key (`200`, `2XX`, `default`), description and the
/// schema of its JSON body (from `application/json` or any `…+json` media type), if declared.
public struct OpenAPIResponse: Sendable {
    public let status: String
    public let description: String?
    var schemaSlot: SchemaSlot?

    init(status: String, description: String?, schemaSlot: SchemaSlot?) {
        self.status = status
        self.description = description
        self.schemaSlot = schemaSlot
    }

    public var schema: JSONSchema? { schemaSlot?.schema }

    /// Whether the status key stands for success (`2XX`, `204`).
    public var isSuccess: Bool { status.hasPrefix("2") }

    mutating func attach(_ graph: SchemaGraph) {
        schemaSlot?.graph = graph
    }
}
