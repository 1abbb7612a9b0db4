import FoundationFree
import JSON
/// Compares two schemas (of two documents) the way a client sees them, for `SpecDiff`.
///
/// Which way a change breaks depends on who writes the value: a client writes requests, so a request
/// that accepts less (narrowed type, removed enum value, newly required property) breaks it; a client
/// reads responses, so a response that may hold more or other (widened or changed type) or less
/// (removed or no longer required property) breaks it.
///
/// Bounded: a pair already being compared on the current path is skipped (`$ref` cycles), nesting is
/// followed `depthLimit` levels deep (far past any real document; going further is counted in `cut`,
/// never silent), all comparisons of one diff visit at most `budget` pairs, and each list of changes holds
/// at most `changeLimit` of them while counting them all (`Found`). Results of a pair are remembered (by
/// schema and direction) when they did not depend on the path above them, so a component used by
/// thousands of operations is compared once; a component both documents declare under one name keeps
/// its changes apart (`componentResults`), so they are reported once, at it. A tripped `cancellation` ends
/// the comparison (`cancelled`).
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

    static let depthLimit = 256
    static let changeLimit = 10_000
    /// Shared components named by one `Found`: a bound on the sets a chain of components would grow.
    static let componentLimit = 1_000

    /// A component both documents declare under one name (`Pet` of `#/components/schemas/Pet`), as
    /// compared for requests or for responses.
    struct ComponentKey: Hashable {
        let name: String
        let direction: Direction
    }

    /// Changes kept (at most `changeLimit`) and how many there were in all. Changes inside a shared
    /// component are not among them: the component is named in `components` and its own changes are kept
    /// once, in `componentResults`, however many places reach it.
    struct Found {
        var changes: [Change] = []
        var total = 0
        var breaking = 0
        /// The shared components with changes reached from here (at most `componentLimit` named).
        var components: Set<ComponentKey> = []

        mutating func append(_ change: Change) {
            total += 1
            if change.breaking { breaking += 1 }
            if changes.count < SchemaComparison.changeLimit { changes.append(change) }
        }

        mutating func append(_ other: Found, below step: Step? = nil) {
            total += other.total
            breaking += other.breaking
            if components.count < SchemaComparison.componentLimit {
                components.formUnion(other.components.prefix(SchemaComparison.componentLimit - components.count))
            }
            let room = SchemaComparison.changeLimit - changes.count
            guard room > 0 else { return }
            changes += other.changes.prefix(room).map { step.map($0.below) ?? $0 }
        }
    }

    private struct Key: Hashable {
        let a: Int
        let b: Int
        let direction: Direction
    }

    private struct Pair: Hashable {
        let a: Int
        let b: Int
    }

    private var budget = 2_000_000
    private var memo: [Key: Found] = [:]
    /// The changes inside each shared component, below its root, found the first time it was compared.
    private(set) var componentResults: [ComponentKey: Found] = [:]
    let cancellation: CancellationToken?
    /// Pairs not compared because they lay deeper than `depthLimit` or past the budget.
    private(set) var cut = 0
    private(set) var cancelled = false

    init(cancellation: CancellationToken? = nil) {
        self.cancellation = cancellation
    }
    /// The pairs being compared on the current path, with the depth each is at.
    private var onPath: [Pair: Int] = [:]

    /// The changes from `a` to `b`.
    mutating func compare(_ a: JSONSchema, _ b: JSONSchema, direction: Direction) -> Found {
        compare(a, b, direction: direction, depth: 0).found
    }

    /// The changes below a pair, and the shallowest depth on the path above that they depended on
    /// (`Int.max` when none): a result is only remembered when it did not depend on anything above it.
    private mutating func compare(_ a: JSONSchema, _ b: JSONSchema, direction: Direction, depth: Int)
        -> (found: Found, dependsOn: Int)
    {
        let key = Key(a: a.node, b: b.node, direction: direction)
        if let known = memo[key] { return (known, Int.max) }
        guard depth < Self.depthLimit, budget > 0, !cancelled else {
            cut += 1
            return (Found(), -1)
        }
        let pair = Pair(a: a.node, b: b.node)
        if let depthOnPath = onPath[pair] { return (Found(), depthOnPath) }
        budget -= 1
        if budget & 0x3FF == 0, cancellation?.isCancelled == true {
            cancelled = true
            return (Found(), -1)
        }
        onPath[pair] = depth
        defer { onPath[pair] = nil }
        // A merged face cut short compares only its part: what lies below the cut is not compared.
        if a.incompleteness != nil || b.incompleteness != nil { cut += 1 }

        var found = Found()
        var dependsOn = Int.max
        if let typeChange = typeChange(a, b, direction: direction) {
            found.append(typeChange)
        } else {
            enumChanges(a, b, direction: direction).forEach { found.append($0) }
            let properties = propertyChanges(a, b, direction: direction, depth: depth)
            found.append(properties.found)
            dependsOn = min(dependsOn, properties.dependsOn)
            if let itemsA = a.items, let itemsB = b.items {
                let items = compare(itemsA, itemsB, direction: direction, depth: depth + 1)
                found.append(items.found, below: .items)
                dependsOn = min(dependsOn, items.dependsOn)
            }
        }
        // A shared component keeps its changes for itself; those reaching it learn only its name.
        if let name = a.componentName, name == b.componentName {
            let component = ComponentKey(name: name, direction: direction)
            if componentResults[component] == nil { componentResults[component] = found }
            var reached = Found()
            reached.components = found.components
            if found.total > 0, reached.components.count < Self.componentLimit {
                reached.components.insert(component)
            }
            found = reached
        }
        if dependsOn >= depth { memo[key] = found }
        return (found, dependsOn)
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
        -> (found: Found, dependsOn: Int)
    {
        let viewA = a.view
        let viewB = b.view
        guard !viewA.properties.isEmpty || !viewB.properties.isEmpty else { return (Found(), Int.max) }
        var changes = Found()
        let requiredA = Set(viewA.required)
        let requiredB = Set(viewB.required)
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
            switch (requiredA.contains(name), requiredB.contains(name)) {
            case (false, true):
                changes.append(Change(steps: [step], change: "now required", breaking: direction == .request, a: nil, b: nil))
            case (true, false):
                changes.append(Change(steps: [step], change: "no longer required", breaking: direction == .response, a: nil, b: nil))
            default:
                break
            }
            let below = compare(JSONSchema(graph: a.graph, index: schemaA), JSONSchema(graph: b.graph, index: schemaB),
                                direction: direction, depth: depth + 1)
            changes.append(below.found, below: step)
            dependsOn = min(dependsOn, below.dependsOn)
        }
        for (name, schemaB) in viewB.properties where indexB[name] == schemaB {
            let required = requiredB.contains(name)
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
    func below(_ step: SchemaComparison.Step) -> Self {
        var change = self
        change.steps.insert(step, at: 0)
        return change
    }
}
