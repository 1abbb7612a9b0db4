import JSON
/// One schema location of a document with its keywords read and its subschemas replaced by their
/// positions in the `SchemaGraph`, so that `$ref` cycles are plain back-references.
struct SchemaNode: Sendable {
    enum Kind: Sendable {
        /// An object schema.
        case keywords
        /// `true` (or `{}` in effect): every value.
        case anything
        /// `false`: no value at all.
        case nothing
    }

    var pointer: JSONPointer
    var kind: Kind = .keywords
    var title: String?
    var description: String?
    var format: String?
    var types: [String] = []
    /// OpenAPI 3.0's `nullable: true`.
    var nullable = false
    var enumValues: [JSONValue]?
    /// `enumValues` hashed, for a long list, so checking a value is one lookup.
    var enumSet: Set<JSONValue>?
    var constValue: JSONValue?
    var required: [String] = []
    var properties: [(name: String, schema: Int)] = []
    /// `additionalProperties: false`: no member beyond `properties`.
    var closed = false
    var items: Int?
    var ref: Int?
    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    /// Where merged properties come from, in the order the keywords appear in the document:
    /// `nil` is this node's own `properties`, a number is the `$ref` target or an `allOf` branch.
    var mergeSources: [Int?] = []

    /// Enums longer than this are checked through a hashed set.
    static let enumSetThreshold = 16

    init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// A `$ref` with nothing beside it but annotations stands for its target.
    var isAlias: Bool {
        ref != nil && kind == .keywords && types.isEmpty && !nullable && enumValues == nil && constValue == nil
            && required.isEmpty && properties.isEmpty && items == nil
            && allOf.isEmpty && anyOf.isEmpty && oneOf.isEmpty
    }

    /// The name a schema has by where it lives: `Pet` for `#/components/schemas/Pet`, `#/$defs/Pet` or
    /// `#/definitions/Pet`.
    var name: String? {
        let tokens = pointer.tokens
        guard tokens.count >= 2 else { return nil }
        let container = tokens[tokens.count - 2]
        if container == "$defs" || container == "definitions" { return tokens[tokens.count - 1] }
        if tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" { return tokens[2] }
        return nil
    }
}
