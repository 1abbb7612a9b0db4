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

    /// The declared media types without their parameters, in lower case (`application/json`).
    public var declaredEssences: [String] { contentTypes.map(OpenAPIMediaType.essence) }

    /// A media type without its parameters, in lower case, as `takes` compares it.
    public static func essence(_ mediaType: String) -> String { OpenAPIMediaType.essence(mediaType) }

    /// Whether a server that takes only the declared media types takes a body sent as `contentType`
    /// (its parameters ignored; `*/*` and `type/*` as wildcards; nothing declared takes anything). The mock
    /// refuses what this refuses (415), and impact reads a line the same way.
    public func takes(_ contentType: String) -> Bool {
        let sent = OpenAPIMediaType.essence(contentType)
        let declared = declaredEssences
        return declared.isEmpty || declared.contains(sent) || declared.contains("*/*")
            || declared.contains { $0.hasSuffix("/*") && sent.hasPrefix($0.dropLast()) }
    }

    mutating func attach(_ graph: SchemaGraph) {
        schemaSlot?.graph = graph
        otherSchemas.attach(graph)
    }
}
