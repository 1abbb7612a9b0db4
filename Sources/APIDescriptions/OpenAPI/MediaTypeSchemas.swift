import JSON
import Schemas

/// The schemas of a body's media types other than the one apish reads it as (`text/plain`, `application/xml`,
/// a second JSON type, a form), in document order, so a diff compares each with the same media type of the
/// other document, as peers do.
struct MediaTypeSchemas: Sendable {
    private(set) var entries: [(mediaType: String, slot: SchemaSlot)] = []

    mutating func append(_ mediaType: String, _ slot: SchemaSlot) {
        entries.append((mediaType, slot))
    }

    /// The schema declared for `mediaType`, compared by essence.
    func schema(forMediaType mediaType: String) -> JSONSchema? {
        let essence = OpenAPIMediaType.essence(mediaType)
        return entries.first { OpenAPIMediaType.essence($0.mediaType) == essence }?.slot.schema
    }

    /// Each media type with its schema, in document order.
    var schemas: [(mediaType: String, schema: JSONSchema)] {
        entries.compactMap { entry in entry.slot.schema.map { (entry.mediaType, $0) } }
    }

    mutating func attach(_ graph: SchemaGraph) {
        for index in entries.indices { entries[index].slot.graph = graph }
    }
}
