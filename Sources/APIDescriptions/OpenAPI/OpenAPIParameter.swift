import HTTPTypes
import JSON
import Schemas
/// One parameter of an operation: `limit` in the query, `petId` in the path, `X-Request-Id` in a header.
public struct OpenAPIParameter: Sendable {
    /// Where the parameter travels.
    public enum Location: String, Sendable, CaseIterable {
        case path, query, header, cookie
    }

    public let name: String
    public let location: Location
    /// Always true for path parameters.
    public let required: Bool
    public let description: String?
    public let deprecated: Bool
    /// Its `x-sunset` date as written: when a deprecated parameter may go.
    public internal(set) var sunset: String?
    /// Declared on the path item (for every operation of the path), not on the operation.
    public internal(set) var isShared = false
    /// How a query parameter's values are written (`style`, `explode`: `tags=a&tags=b`, `tags=a,b`,
    /// `filter[a]=1`); OpenAPI's default, form exploded, when it says nothing. Headers and paths are `simple`.
    public internal(set) var style = FormStyle.default
    /// How a path parameter's value is written into its segment (`simple`, `label`, `matrix`).
    public internal(set) var pathStyle = PathStyle.default

    /// Whether the parameter is declared as a list (`type: array`).
    public var isList: Bool { schema?.acceptedTypes.contains("array") == true }
    var schemaSlot: SchemaSlot?

    init(name: String, location: Location, required: Bool, description: String? = nil, deprecated: Bool = false,
         schemaSlot: SchemaSlot? = nil) {
        self.name = name
        self.location = location
        self.required = required || location == .path
        self.description = description
        self.deprecated = deprecated
        self.schemaSlot = schemaSlot
    }

    /// The parameter's schema (from `schema`, or the first media type of `content`), if declared.
    public var schema: JSONSchema? { schemaSlot?.schema }

    /// `integer`, `array of string`, or `any` when no schema is declared.
    public var typeDescription: String { schema?.typeDescription ?? "any" }

    /// Whether `other` is the same parameter: same location and name (header names ignore case).
    func isSame(as other: OpenAPIParameter) -> Bool {
        key == other.key
    }

    /// What tells parameters apart: location and name, a header's name lowercased.
    struct Key: Hashable {
        let name: String
        let location: Location

        init(name: String, location: Location) {
            self.name = location == .header ? name.lowercased() : name
            self.location = location
        }
    }

    var key: Key { Key(name: name, location: location) }

    mutating func attach(_ graph: SchemaGraph) {
        schemaSlot?.graph = graph
    }
}
