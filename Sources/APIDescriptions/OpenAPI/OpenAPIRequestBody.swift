import HTTPTypes
import JSON
import Schemas
/// What an operation takes as its request body.
public struct OpenAPIRequestBody: Sendable {
    public let required: Bool
    public let description: String?
    /// The declared media types, in document order.
    public let contentTypes: [String]
    /// The media type whose schema `schema` is: the first JSON one (`application/json` or `…+json`), else
    /// `application/x-www-form-urlencoded`; `nil` when neither is declared.
    public let schemaContentType: String?
    var schemaSlot: SchemaSlot?
    /// The schemas of the other media types a body can be sent as, so a diff compares a body with the same
    /// media type of the other document.
    var otherSchemas = MediaTypeSchemas()
    /// How each property of a form body is written, from the form media type's `encoding` (`style`,
    /// `explode`); a property it does not name is written as OpenAPI's default says (`FormStyle.default`).
    public internal(set) var formStyles: [String: FormStyle] = [:]

    init(required: Bool, description: String?, contentTypes: [String], schemaContentType: String?, schemaSlot: SchemaSlot?) {
        self.required = required
        self.description = description
        self.contentTypes = contentTypes
        self.schemaContentType = schemaContentType
        self.schemaSlot = schemaSlot
    }

    public var schema: JSONSchema? { schemaSlot?.schema }

    /// The schema declared for `mediaType` (compared by essence), when it is one apish reads.
    func schema(forMediaType mediaType: String) -> JSONSchema? {
        let essence = OpenAPIMediaType.essence(mediaType)
        if let chosen = schemaContentType, OpenAPIMediaType.essence(chosen) == essence { return schema }
        return otherSchemas.schema(forMediaType: mediaType)
    }

    /// Whether the body can be sent as JSON.
    public var takesJSON: Bool { contentTypes.contains(where: OpenAPIMediaType.isJSON) }

    /// Whether the body can be sent as `multipart/form-data` (file uploads).
    public var takesMultipart: Bool { contentTypes.contains { OpenAPIMediaType.essence($0) == "multipart/form-data" } }

    /// Whether the body can be sent form-encoded.
    public var takesForm: Bool { contentTypes.contains(where: OpenAPIMediaType.isForm) }

    mutating func attach(_ graph: SchemaGraph) {
        schemaSlot?.graph = graph
        otherSchemas.attach(graph)
    }
}
