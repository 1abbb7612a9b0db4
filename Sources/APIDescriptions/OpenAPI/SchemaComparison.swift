import JSON
/// Compares two schemas (of two documents) the way a client sees them, for `SpecDiff`.
///
/// Which way a change breaks depends on who writes the value: a client writes requests, so a request
/// that accepts less (narrowed type, removed enum value, newly required property) breaks it; a client
/// reads responses, so a response that may hold more or other (widened or changed type) or less
/// (removed or no longer required property) breaks it.
///
/// Bounded: a pair already being compared on the current path is skipped (`$ref` cycles), nesting is
/// followed `depthLimit` levels deep, and all comparisons of one diff visit at most `budget` pairs.
/// Results of a pair are remembered (by schema, direction and depth) when they did not depend on the
/// path above them, so a component used by thousands of operations is compared once.
struct SchemaComparison {
    enum Direction: Hashable {
        case request, response
    }

    /// One step below the compared root: a property, or the items of an array.
    enum Step: Hashable {
        case property(String)
        case items
    }

    struct Change {
        /// Steps from the compared root, outermost first.
        var steps: [Step]
        let change: String
        let breaking: Bool
        let a: String?
        let b: String?

        /// `response 200 body` + [.items, .property("tag")] → `response 200 body[].tag`.
        func location(under root: String) -> String {
            var text = root
            for step in steps {
                switch step {
                case .property(let name): text = JSONPath.appending(key: name, to: text)
                case .items: text += "[]"
                }
            }
            return text
        }
    }

    static let depthLimit = 12

    private struct Key: Hashable {
        let a: Int
        let b: Int
        let direction: Direction
        let depth: Int
    }

    private struct Pair: Hashable {
        let a: Int
        let b: Int
    }

    private var budget = 2_000_000
    private var memo: [Key: [Change]] = [:]
    /// The pairs being compared on the current path, with the depth each is at.
    private var onPath: [Pair: Int] = [:]

    /// The changes from `a` to `b`.
    mutating func compare(_ a: JSONSchema, _ b: JSONSchema, direction: Direction) -> [Change] {
        compare(a, b, direction: direction, depth: 0).changes
    }

    /// The changes below a pair, and the shallowest depth on the path above that they depended on
    /// (`Int.max` when none): a result is only remembered when it did not depend on anything above it.
    private mutating func compare(_ a: JSONSchema, _ b: JSONSchema, direction: Direction, depth: Int)
        -> (changes: [Change], dependsOn: Int)
    {
        guard depth < Self.depthLimit, budget > 0 else { return ([], budget > 0 ? Int.max : -1) }
        let key = Key(a: a.node, b: b.node, direction: direction, depth: depth)
        if let known = memo[key] { return (known, Int.max) }
        let pair = Pair(a: a.node, b: b.node)
        if let depthOnPath = onPath[pair] { return ([], depthOnPath) }
        budget -= 1
        onPath[pair] = depth
        defer { onPath[pair] = nil }

        var changes: [Change] = []
        var dependsOn = Int.max
        if let typeChange = typeChange(a, b, direction: direction) {
            changes.append(typeChange)
        } else {
            changes += enumChanges(a, b, direction: direction)
            let properties = propertyChanges(a, b, direction: direction, depth: depth)
            changes += properties.changes
            dependsOn = min(dependsOn, properties.dependsOn)
            if let itemsA = a.items, let itemsB = b.items {
                let items = compare(itemsA, itemsB, direction: direction, depth: depth + 1)
                changes += items.changes.map { $0.below(.items) }
                dependsOn = min(dependsOn, items.dependsOn)
            }
        }
        if dependsOn >= depth { memo[key] = changes }
        return (changes, dependsOn)
    }

    /// A type change; nothing below it is compared then.
    private func typeChange(_ a: JSONSchema, _ b: JSONSchema, direction: Direction) -> Change? {
        let typesA = Self.types(of: a)
        let typesB = Self.types(of: b)
        guard typesA != typesB else { return nil }
        let widened = Self.accepts(typesB, everythingIn: typesA)
        let narrowed = Self.accepts(typesA, everythingIn: typesB)
        let breaking = switch direction {
        case .request: !widened
        case .response: !narrowed
        }
        return Change(steps: [], change: "type changed", breaking: breaking, a: Self.text(typesA), b: Self.text(typesB))
    }

    private func enumChanges(_ a: JSONSchema, _ b: JSONSchema, direction: Direction) -> [Change] {
        guard let valuesA = a.enumValues, let valuesB = b.enumValues, valuesA != valuesB else { return [] }
        let setA = Set(valuesA)
        let setB = Set(valuesB)
        var changes: [Change] = []
        for value in valuesA where !setB.contains(value) {
            changes.append(Change(steps: [], change: "enum value removed", breaking: direction == .request, a: value.encoded(), b: nil))
        }
        for value in valuesB where !setA.contains(value) {
            changes.append(Change(steps: [], change: "enum value added", breaking: false, a: nil, b: value.encoded()))
        }
        return changes
    }

    private mutating func propertyChanges(_ a: JSONSchema, _ b: JSONSchema, direction: Direction, depth: Int)
        -> (changes: [Change], dependsOn: Int)
    {
        let viewA = a.view
        let viewB = b.view
        guard !viewA.properties.isEmpty || !viewB.properties.isEmpty else { return ([], Int.max) }
        var changes: [Change] = []
        var dependsOn = Int.max
        var indexB: [String: Int] = [:]
        indexB.reserveCapacity(viewB.properties.count)
        for (name, schema) in viewB.properties where indexB[name] == nil { indexB[name] = schema }
        for (name, schemaA) in viewA.properties {
            let step = Step.property(name)
            guard let schemaB = indexB.removeValue(forKey: name) else {
                let typeA = JSONSchema(graph: a.graph, index: schemaA).typeDescription
                changes.append(Change(steps: [step], change: "removed", breaking: direction == .response, a: typeA, b: nil))
                continue
            }
            switch (viewA.required.contains(name), viewB.required.contains(name)) {
            case (false, true):
                changes.append(Change(steps: [step], change: "now required", breaking: direction == .request, a: nil, b: nil))
            case (true, false):
                changes.append(Change(steps: [step], change: "no longer required", breaking: direction == .response, a: nil, b: nil))
            default:
                break
            }
            let below = compare(JSONSchema(graph: a.graph, index: schemaA), JSONSchema(graph: b.graph, index: schemaB),
                                direction: direction, depth: depth + 1)
            changes += below.changes.map { $0.below(step) }
            dependsOn = min(dependsOn, below.dependsOn)
        }
        for (name, schemaB) in viewB.properties where indexB[name] == schemaB {
            let required = viewB.required.contains(name)
            let typeB = JSONSchema(graph: b.graph, index: schemaB).typeDescription
            changes.append(Change(steps: [.property(name)], change: "added", breaking: direction == .request && required,
                                  a: nil, b: (required ? "required " : "") + typeB))
        }
        return (changes, dependsOn)
    }

    /// The JSON types a schema admits, `null` included when nullable; `nil` for any.
    private static func types(of schema: JSONSchema) -> Set<String>? {
        let view = schema.view
        guard !view.types.isEmpty else { return nil }
        var types = Set(view.types)
        if view.isNullable { types.insert("null") }
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

extension SchemaComparison.Change {
    /// The same change, one step further down.
    fileprivate func below(_ step: SchemaComparison.Step) -> Self {
        var change = self
        change.steps.insert(step, at: 0)
        return change
    }
}
