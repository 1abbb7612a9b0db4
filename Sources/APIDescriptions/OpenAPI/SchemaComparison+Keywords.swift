import FoundationFree
import JSON
import Schemas

extension SchemaComparison {
    /// `if`/`then`/`else` and `discriminator`, by being there: on the schema or on what it merges, so
    /// `{type: object, $ref: Item}` has Item's, as in 3.1 (3.0 reads past the `type`).
    static func conditionalChanges(_ a: JSONSchema, _ b: JSONSchema) -> [Kind] {
        let inA = conditionalKeywords(a), inB = conditionalKeywords(b)
        guard inA != inB else { return [] }
        var kinds: [Kind] = []
        for (bit, keyword) in ["if", "then", "else", "discriminator"].enumerated() where inA >> bit & 1 != inB >> bit & 1 {
            kinds.append(inB >> bit & 1 == 1 ? .subschemaAdded(keyword) : .subschemaRemoved(keyword))
        }
        return kinds
    }

    /// Which of `if`, `then`, `else` and `discriminator` (bits 0 to 3) the schema's facets have: one walk of
    /// what it merges finds all four (`JSONSchema.visitMerged`, the nodes `facet` looks at).
    private static func conditionalKeywords(_ schema: JSONSchema) -> Int {
        var found = 0
        schema.visitMerged { node in
            if node.ifSchema != nil { found |= 1 }
            if node.thenSchema != nil { found |= 2 }
            if node.elseSchema != nil { found |= 4 }
            if node.discriminator != nil { found |= 8 }
            return found == 15
        }
        return found
    }

    /// A discriminator both have: its `propertyName`, and its mapping's values added or removed (info, as
    /// oasdiff levels them). A value that maps to another reference is not a change of its own: the
    /// branches are compared as `oneOf`/`anyOf` are, so a component renamed with the same schema is none,
    /// and one that differs is reported there.
    static func discriminatorChanges(_ a: JSONSchema, _ b: JSONSchema) -> [(kind: Kind, a: String?, b: String?)] {
        guard let x = a.facet(\.discriminator), let y = b.facet(\.discriminator) else { return [] }
        var changes: [(kind: Kind, a: String?, b: String?)] = []
        if x.propertyName != y.propertyName { changes.append((.discriminatorPropertyNameChanged, x.propertyName, y.propertyName)) }
        let referencesA = Dictionary(x.references.map { ($0.value, $0.reference) }, uniquingKeysWith: { first, _ in first })
        let referencesB = Dictionary(y.references.map { ($0.value, $0.reference) }, uniquingKeysWith: { first, _ in first })
        let removed = x.references.map(\.value).filter { referencesB[$0] == nil }
        let added = y.references.map(\.value).filter { referencesA[$0] == nil }
        if !removed.isEmpty { changes.append((.discriminatorMappingDeleted, removed.joined(separator: ", "), nil)) }
        if !added.isEmpty { changes.append((.discriminatorMappingAdded, nil, added.joined(separator: ", "))) }
        return changes
    }

    static func enumChanges(_ a: JSONSchema, _ b: JSONSchema, context: Context) -> [(kind: Kind, a: String?, b: String?)] {
        guard let valuesB = b.enumValues else { return [] }
        guard let valuesA = a.enumValues else { return [(.becameEnum, nil, valuesB.map { $0.encoded() }.joined(separator: ", "))] }
        let setA = Set(valuesA.map(JSONEquality.Key.init))
        let setB = Set(valuesB.map(JSONEquality.Key.init))
        guard setA != setB else { return [] }
        var changes: [(kind: Kind, a: String?, b: String?)] = []
        for value in valuesA where !setB.contains(JSONEquality.Key(value)) {
            changes.append((.enumValueRemoved, value.encoded(), nil))
        }
        for value in valuesB where !setA.contains(JSONEquality.Key(value)) {
            changes.append((.enumValueAdded, nil, value.encoded()))
        }
        return changes
    }

    /// `pattern`, `maxLength`/`minLength`, `maximum`/`minimum` and `default`. A request that accepts less
    /// is named (`max-length-decreased`, `pattern-added`); so is an answer that may hold more
    /// (`max-length-increased`); an answer narrowed the other way is nothing a reader notices.
    static func constraintChanges(_ a: JSONSchema, _ b: JSONSchema, context: Context) -> [(kind: Kind, a: String?, b: String?)] {
        var changes: [(kind: Kind, a: String?, b: String?)] = []
        let request = context.isRequest
        let patternA = a.facet { $0.pattern?.source }
        let patternB = b.facet { $0.pattern?.source }
        if patternA != patternB {
            switch (patternA, patternB) {
            case (nil, let added?): changes.append((.patternAdded, nil, added))
            case (let removed?, nil): changes.append((.patternRemoved, removed, nil))
            default: changes.append((.patternChanged, patternA, patternB))
            }
        }
        func limit(_ before: Int?, _ after: Int?, upper: Bool) {
            guard before != after else { return }
            // An enum of strings bounds their length: one within the other side's maxLength narrows (the
            // enum's own change says so), one past it widens.
            if upper, let before, after == nil, let implied = enumMaxLength(b) {
                if implied > before, !request { changes.append((.maxLengthIncreased, String(before), String(implied))) }
                return
            }
            if upper, before == nil, let after, let implied = enumMaxLength(a) {
                if implied > after, request { changes.append((.maxLengthDecreased, String(implied), String(after))) }
                return
            }
            let kind: Kind
            switch (before, after, upper) {
            case (nil, _?, true): kind = request ? .maxLengthSet : .maxLengthDecreased
            case (_?, nil, true): kind = request ? .maxLengthIncreased : .maxLengthUnset
            case let (x?, y?, true): kind = y < x ? .maxLengthDecreased : .maxLengthIncreased
            case (nil, _?, false): kind = .minLengthIncreased
            case (_?, nil, false): kind = .minLengthDecreased
            case let (x?, y?, false): kind = y > x ? .minLengthIncreased : .minLengthDecreased
            default: return
            }
            let narrows = [.maxLengthSet, .maxLengthDecreased, .minLengthIncreased].contains(kind)
            guard request || !narrows else { return }
            changes.append((kind, before.map(String.init), after.map(String.init)))
        }
        limit(a.facet { $0.maxLength }, b.facet { $0.maxLength }, upper: true)
        limit(a.facet { $0.minLength }, b.facet { $0.minLength }, upper: false)
        func bound(_ before: SchemaNode.Bound?, _ after: SchemaNode.Bound?, upper: Bool) {
            // Above 0 when the bound went up; at one value an exclusive bound is the tighter one.
            var order: Int?
            if let x = before, let y = after {
                order = SchemaDecimal.compare(y.value, x.value)
                if order == 0, x.exclusive != y.exclusive { order = (y.exclusive == upper) ? -1 : 1 }
            }
            // `format: int64` and bounds of ±2^63 are one set of integers, however a double rounds them.
            if let x = before, let y = after, !x.exclusive, !y.exclusive, a.types.contains("integer"), b.types.contains("integer"),
               isInt64Limit(x.number, upper: upper), isInt64Limit(y.number, upper: upper) { return }
            if before == nil, let after, formatImplies(a, after, upper: upper) { return }
            if after == nil, let before, formatImplies(b, before, upper: upper) { return }
            let kind: Kind
            switch (before, after) {
            case (nil, nil): return
            case (nil, _?): kind = upper ? .maxSet : .minSet
            case (_?, nil): kind = upper ? .maxUnset : .minUnset
            default:
                guard let order, order != 0 else { return }
                kind = upper ? (order < 0 ? .maxDecreased : .maxIncreased) : (order > 0 ? .minIncreased : .minDecreased)
            }
            let narrows = [.maxSet, .maxDecreased, .minSet, .minIncreased].contains(kind)
            guard request || !narrows else { return }
            changes.append((kind, before.map { ($0.exclusive ? "< " : "") + $0.number.text }, after.map { ($0.exclusive ? "< " : "") + $0.number.text }))
        }
        bound(a.facet { $0.maximum }, b.facet { $0.maximum }, upper: true)
        bound(a.facet { $0.minimum }, b.facet { $0.minimum }, upper: false)
        switch (a.facet { $0.maxItems }, b.facet { $0.maxItems }) {
        case let (x?, y?) where y < x: if request { changes.append((.maxItemsDecreased, String(x), String(y))) }
        case let (x?, y?) where y > x: if request { changes.append((.maxItemsIncreased, String(x), String(y))) }
        default: break
        }
        switch (a.facet { $0.minItems }, b.facet { $0.minItems }) {
        case let (x?, y?) where y > x: if request { changes.append((.minItemsIncreased, String(x), String(y))) }
        case let (x?, y?) where y < x: if !request { changes.append((.minItemsDecreased, String(x), String(y))) }
        case let (nil, y?): if request { changes.append((.minItemsSet, nil, String(y))) }
        case let (x?, nil): if !request { changes.append((.minItemsUnset, String(x), nil)) }
        default: break
        }
        let defaultA = a.facet { $0.defaultValue }
        let defaultB = b.facet { $0.defaultValue }
        switch (defaultA, defaultB) {
        case (nil, let added?): changes.append((.defaultAdded, nil, added.encoded()))
        case (let removed?, nil): changes.append((.defaultRemoved, removed.encoded(), nil))
        case let (x?, y?) where !JSONEquality.equal(x, y): changes.append((.defaultChanged, x.encoded(), y.encoded()))
        default: break
        }
        let deprecatedA = a.facet { $0.deprecated ? true : nil } ?? false
        let deprecatedB = b.facet { $0.deprecated ? true : nil } ?? false
        if deprecatedA != deprecatedB { changes.append((deprecatedB ? .deprecated : .reactivated, nil, nil)) }
        return changes
    }

    mutating func propertyChanges(_ a: JSONSchema, _ b: JSONSchema, context: Context, depth: Int)
        -> (found: Found, dependsOn: Int)
    {
        let viewA = a.view
        let viewB = b.view
        guard !viewA.properties.isEmpty || !viewB.properties.isEmpty else { return (Found(), Int.max) }
        var changes = Found()
        let requiredA = Set(viewA.required)
        let requiredB = Set(viewB.required)
        let request = context.isRequest
        var dependsOn = Int.max
        var indexB: [String: Int] = [:]
        indexB.reserveCapacity(viewB.properties.count)
        for (name, schema) in viewB.properties where indexB[name] == nil { indexB[name] = schema }
        func add(_ step: Step, _ kind: Kind, _ before: String? = nil, _ after: String? = nil) {
            changes.append(Change(steps: [step], kind: kind, context: context, a: before, b: after))
        }
        for (name, schemaA) in viewA.properties {
            let step = Step.property(name)
            let propertyA = JSONSchema(graph: a.graph, index: schemaA)
            guard let schemaB = indexB.removeValue(forKey: name) else {
                // A client never sends a readOnly property, so its going changes no request.
                guard !(request && propertyA.isReadOnly) else { continue }
                add(step, .propertyRemoved(required: requiredA.contains(name), writeOnly: propertyA.isWriteOnly), propertyA.typeDescription)
                continue
            }
            let propertyB = JSONSchema(graph: b.graph, index: schemaB)
            let skipped = request ? propertyB.isReadOnly : false
            switch (requiredA.contains(name), requiredB.contains(name)) {
            case (false, true) where !skipped:
                add(step, .becameRequired(writeOnly: !request && propertyB.isWriteOnly))
            case (true, false) where !skipped:
                add(step, .becameOptional(writeOnly: !request && propertyA.isWriteOnly))
            default:
                break
            }
            for (keyword, before, after) in [("readOnly", propertyA.isReadOnly, propertyB.isReadOnly),
                                             ("writeOnly", propertyA.isWriteOnly, propertyB.isWriteOnly)] where before != after {
                add(step, .became(keyword: keyword, set: after, required: requiredA.contains(name)))
            }
            let below = compare(propertyA, propertyB, context: context, depth: depth + 1)
            changes.append(below.found, below: step)
            dependsOn = min(dependsOn, below.dependsOn)
        }
        for (name, schemaB) in viewB.properties where indexB[name] == schemaB {
            let required = requiredB.contains(name)
            let propertyB = JSONSchema(graph: b.graph, index: schemaB)
            guard !(request && propertyB.isReadOnly) else { continue }
            add(.property(name), .propertyAdded(required: required, writeOnly: !request && propertyB.isWriteOnly,
                                                hasDefault: propertyB.facet { $0.defaultValue } != nil),
                nil, (required ? "required " : "") + propertyB.typeDescription)
        }
        return (changes, dependsOn)
    }

    /// The JSON types a schema admits, `null` aside (see `nullabilityChange`), through its alternatives
    /// (`oneOf: [Cat, Dog]` is an object); `nil` for any.
    static func types(of schema: JSONSchema) -> Set<String>? {
        let types = (schema.types.isEmpty ? schema.acceptedTypes : schema.types).filter { $0 != "null" }
        return types.isEmpty ? nil : Set(types)
    }

    /// Whether a value of any type in `inner` is allowed by `outer` (a number allows an integer).
    static func accepts(_ outer: Set<String>?, everythingIn inner: Set<String>?) -> Bool {
        guard let outer else { return true }
        guard let inner else { return false }
        return inner.allSatisfy { outer.contains($0) || ($0 == "integer" && outer.contains("number")) }
    }

    private static let typeOrder = ["object", "array", "string", "number", "integer", "boolean", "null"]

    static func text(_ types: Set<String>?) -> String {
        guard let types else { return "any" }
        return typeOrder.filter(types.contains).joined(separator: " | ")
    }
}
