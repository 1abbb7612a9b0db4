/// Compares two schemas (of two documents) the way a client sees them, for `SpecDiff`.
///
/// Which way a change breaks depends on who writes the value: a client writes requests, so a request
/// that accepts less (narrowed type, removed enum value, newly required property) breaks it; a client
/// reads responses, so a response that may hold more or other (widened or changed type) or less
/// (removed or no longer required property) breaks it.
///
/// Bounded: pairs already being compared on the current path are skipped (`$ref` cycles), nesting is
/// followed `depthLimit` levels deep, and one comparison visits at most `budget` pairs.
struct SchemaComparison {
    enum Direction {
        case request, response
    }

    struct Change {
        let location: String
        let change: String
        let breaking: Bool
        let a: String?
        let b: String?
    }

    static let depthLimit = 12

    let direction: Direction
    private(set) var changes: [Change] = []
    private var budget = 5_000
    private var onPath: Set<[Int]> = []

    init(direction: Direction) {
        self.direction = direction
    }

    mutating func compare(_ a: JSONSchema, _ b: JSONSchema, at location: String) {
        compare(a, b, at: location, depth: 0)
    }

    private mutating func compare(_ a: JSONSchema, _ b: JSONSchema, at location: String, depth: Int) {
        guard depth < Self.depthLimit, budget > 0 else { return }
        budget -= 1
        let pair = [a.node, b.node]
        guard onPath.insert(pair).inserted else { return }
        defer { onPath.remove(pair) }

        if compareTypes(a, b, at: location) { return }
        compareEnums(a, b, at: location)
        compareProperties(a, b, at: location, depth: depth)
        if let itemsA = a.items, let itemsB = b.items {
            compare(itemsA, itemsB, at: location + "[]", depth: depth + 1)
        }
    }

    /// Reports a type change; true when there was one (nothing below it is compared then).
    private mutating func compareTypes(_ a: JSONSchema, _ b: JSONSchema, at location: String) -> Bool {
        let typesA = Self.types(of: a)
        let typesB = Self.types(of: b)
        guard typesA != typesB else { return false }
        let widened = Self.accepts(typesB, everythingIn: typesA)
        let narrowed = Self.accepts(typesA, everythingIn: typesB)
        let breaking = switch direction {
        case .request: !widened
        case .response: !narrowed
        }
        add(location, "type changed", breaking: breaking, a: Self.text(typesA), b: Self.text(typesB))
        return true
    }

    private mutating func compareEnums(_ a: JSONSchema, _ b: JSONSchema, at location: String) {
        guard let valuesA = a.enumValues, let valuesB = b.enumValues else { return }
        let setA = Set(valuesA)
        let setB = Set(valuesB)
        for value in valuesA where !setB.contains(value) {
            add(location, "enum value removed", breaking: direction == .request, a: value.encoded(), b: nil)
        }
        for value in valuesB where !setA.contains(value) {
            add(location, "enum value added", breaking: false, a: nil, b: value.encoded())
        }
    }

    private mutating func compareProperties(_ a: JSONSchema, _ b: JSONSchema, at location: String, depth: Int) {
        let propertiesA = a.properties
        let propertiesB = b.properties
        guard !propertiesA.isEmpty || !propertiesB.isEmpty else { return }
        let requiredA = Set(a.required)
        let requiredB = Set(b.required)
        var schemasB: [String: JSONSchema] = [:]
        for (name, schema) in propertiesB where schemasB[name] == nil { schemasB[name] = schema }
        var namesA = Set<String>()
        for (name, schemaA) in propertiesA {
            namesA.insert(name)
            let propertyLocation = JSONPath.appending(key: name, to: location)
            guard let schemaB = schemasB[name] else {
                add(propertyLocation, "removed", breaking: direction == .response, a: schemaA.typeDescription, b: nil)
                continue
            }
            switch (requiredA.contains(name), requiredB.contains(name)) {
            case (false, true):
                add(propertyLocation, "now required", breaking: direction == .request, a: nil, b: nil)
            case (true, false):
                add(propertyLocation, "no longer required", breaking: direction == .response, a: nil, b: nil)
            default:
                break
            }
            compare(schemaA, schemaB, at: propertyLocation, depth: depth + 1)
        }
        for (name, schemaB) in propertiesB where !namesA.contains(name) {
            let required = requiredB.contains(name)
            add(JSONPath.appending(key: name, to: location), "added", breaking: direction == .request && required,
                a: nil, b: (required ? "required " : "") + schemaB.typeDescription)
        }
    }

    private mutating func add(_ location: String, _ change: String, breaking: Bool, a: String?, b: String?) {
        changes.append(Change(location: location, change: change, breaking: breaking, a: a, b: b))
    }

    /// The JSON types a schema admits, `null` included when nullable; `nil` for any.
    private static func types(of schema: JSONSchema) -> Set<String>? {
        guard !schema.types.isEmpty else { return nil }
        var types = Set(schema.types)
        if schema.isNullable { types.insert("null") }
        return types
    }

    /// Whether a value of any type in `inner` is allowed by `outer` (a number allows an integer).
    private static func accepts(_ outer: Set<String>?, everythingIn inner: Set<String>?) -> Bool {
        guard let outer else { return true }
        guard let inner else { return false }
        return inner.allSatisfy { outer.contains($0) || ($0 == "integer" && outer.contains("number")) }
    }

    private static let typeOrder = ["object", "array", "string", "number", "integer", "boolean", "null"]

    private static func text(_ types: Set<String>?) -> String {
        guard let types else { return "any" }
        return typeOrder.filter(types.contains).joined(separator: " | ")
    }
}
