import FoundationFree
import JSON
import Schemas
/// Compares two schemas (of two documents) the way a client sees them, for `SpecDiff`.
///
/// Which way a change breaks depends on who writes the value: a client writes requests, so a request
/// that accepts less (narrowed type, removed enum value, newly required property) breaks it; a client
/// reads responses, so a response that may hold more or other (widened or changed type) or less
/// (removed or no longer required property) breaks it.
///
/// Each pair of components both documents declare under one name (`Pet`) is compared once per direction,
/// on its own (`compareComponent`, for every one `takeReached` hands over): a place that reaches it gets the changes at its root (its type,
/// its nullability) and its name (`Found.components`), and its own changes are kept once, in
/// `componentResults`, with the components it reaches in turn. Recursion through components is a cycle in
/// that graph, never a walk down it again. Other pairs are remembered by schema and direction when they did
/// not depend on the path above them (a pair already being compared on it is skipped).
///
/// Guards, never reached by real documents and counted in `cut` when they are: inline nesting deeper than
/// `depthLimit`, more than `budget` pairs in one comparison (each thread of `SpecDiff.compareTogether` has one
/// of its own). Each list of changes holds at most `changeLimit` of them while counting them all (`Found`). A
/// tripped `cancellation` ends the comparison (`cancelled`).
struct SchemaComparison {
    /// Where the compared schemas sit: it decides which way a change breaks (a client writes requests and
    /// reads answers) and the prefix of its id (`request-parameter-`, `request-property-`, `response-body-`).
    enum Context: Hashable {
        case parameter, requestBody, response, header

        var isRequest: Bool { self == .parameter || self == .requestBody }
    }

    static let depthLimit = 256
    static let changeLimit = 10_000

    /// A component both documents declare under one name (`Pet` of `#/components/schemas/Pet`), as
    /// compared for requests or for responses.
    struct ComponentKey: Hashable {
        let name: String
        let context: Context
    }

    /// Changes kept (at most `changeLimit`) and how many there were in all. Changes inside a shared
    /// component are not among them: the component is named in `components` and its own changes are kept
    /// once, in `componentResults`, however many places reach it.
    struct Found {
        var changes: [Change] = []
        var total = 0
        var breaking = 0
        var warnings = 0
        /// The shared components reached from here directly (not through another component).
        var components: Set<ComponentKey> = []

        mutating func append(_ change: Change) {
            total += 1
            count(change, by: 1)
            if changes.count < SchemaComparison.changeLimit { changes.append(change) }
        }

        /// Counts `change` in (`by: 1`) or out (`by: -1`) of the level counts.
        mutating func count(_ change: Change, by step: Int) {
            switch change.level {
            case .breaking: breaking += step
            case .warning: warnings += step
            case .info: break
            }
        }

        /// The changes counted and not listed, by level.
        var omitted: [SpecChangeLevel: Int] {
            let listedBreaking = changes.count(where: { $0.level == .breaking })
            let listedWarnings = changes.count(where: { $0.level == .warning })
            let omittedBreaking = breaking - listedBreaking
            let omittedWarnings = warnings - listedWarnings
            let omittedInfo = total - changes.count - omittedBreaking - omittedWarnings
            return [.breaking: omittedBreaking, .warning: omittedWarnings, .info: omittedInfo].filter { $0.value > 0 }
        }

        mutating func append(_ other: Found, below step: Step? = nil) {
            total += other.total
            breaking += other.breaking
            warnings += other.warnings
            components.formUnion(other.components)
            let room = SchemaComparison.changeLimit - changes.count
            guard room > 0 else { return }
            changes += other.changes.prefix(room).map { step.map($0.below) ?? $0 }
        }
    }

    private struct Key: Hashable {
        let a: Int
        let b: Int
        let context: Context
        let rootOnly: Bool
        let atRoot: Bool
    }

    private struct Pair: Hashable {
        let a: Int
        let b: Int
        let rootOnly: Bool
    }

    private var budget = 2_000_000
    private var memo: [Key: Found] = [:]
    /// The changes inside each shared component, below its root, with the components it reaches.
    private(set) var componentResults: [ComponentKey: Found] = [:]
    /// The two schemas of each shared component reached, and those reached and not yet compared.
    private var componentPairs: [ComponentKey: (a: JSONSchema, b: JSONSchema)] = [:]
    private var pending: [ComponentKey] = []
    let cancellation: CancellationToken?
    /// Pairs not compared because they lay deeper than `depthLimit` or past the budget.
    private(set) var cut = 0
    private(set) var cancelled = false

    /// What the two documents write alike: pairs of it are not compared (`UnchangedSchemas`).
    let unchanged: UnchangedSchemas?

    init(cancellation: CancellationToken? = nil, unchanged: UnchangedSchemas? = nil) {
        self.cancellation = cancellation
        self.unchanged = unchanged
    }
    /// The pairs being compared on the current path, with the depth each is at.
    private var onPath: [Pair: Int] = [:]

    /// The changes from `a` to `b`.
    mutating func compare(_ a: JSONSchema, _ b: JSONSchema, context: Context) -> Found {
        compare(a, b, context: context, depth: 0).found
    }

    /// The shared components reached and not compared yet, handed over to be compared elsewhere (by
    /// `compareComponent` of this or another comparison): none of them is pending here any more.
    mutating func takeReached() -> [(key: ComponentKey, a: JSONSchema, b: JSONSchema)] {
        defer { pending.removeAll() }
        return pending.compactMap { key in componentPairs[key].map { (key, $0.a, $0.b) } }
    }

    /// Compares one shared component on its own; its changes below its root go to `componentResults`.
    mutating func compareComponent(_ key: ComponentKey, _ a: JSONSchema, _ b: JSONSchema) {
        var inside = compare(a, b, context: key.context, depth: 1, asComponent: true).found
        // The changes at its root belong to each place that reaches it (`rootChanges`).
        for change in inside.changes where change.steps.isEmpty {
            inside.total -= 1
            inside.count(change, by: -1)
        }
        inside.changes.removeAll { $0.steps.isEmpty }
        componentResults[key] = inside
    }

    /// The changes below a pair, and the shallowest depth on the path above that they depended on
    /// (`Int.max` when none): a result is only remembered when it did not depend on anything above it.
    /// `rootOnly` compares the pair's own keywords and its alternatives, not its properties or items (what
    /// a place reaching a shared component learns); `asComponent` compares a shared component itself.
    mutating func compare(_ a: JSONSchema, _ b: JSONSchema, context: Context, depth: Int, rootOnly: Bool = false,
                          asComponent: Bool = false) -> (found: Found, dependsOn: Int)
    {
        let name = a.componentName
        if let name, unchanged?.components.contains(name) == true, name == b.componentName { return (Found(), Int.max) }
        if !asComponent, !rootOnly, let name, name == b.componentName {
            let component = ComponentKey(name: name, context: context)
            if componentPairs[component] == nil {
                componentPairs[component] = (a, b)
                pending.append(component)
            }
            var reached = compare(a, b, context: context, depth: depth, rootOnly: true)
            reached.found.components.insert(component)
            return reached
        }
        let key = Key(a: a.node, b: b.node, context: context, rootOnly: rootOnly, atRoot: depth == 0)
        if let known = memo[key] { return (known, Int.max) }
        if name == nil, unchanged?.inPlaceAlike(a, b) == true { return (Found(), Int.max) }
        guard depth < Self.depthLimit, budget > 0, !cancelled else {
            cut += 1
            return (Found(), -1)
        }
        let pair = Pair(a: a.node, b: b.node, rootOnly: rootOnly)
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
        func add(_ kind: Kind, _ before: String? = nil, _ after: String? = nil) {
            found.append(Change(steps: [], kind: kind, context: context, a: before, b: after))
        }
        if let nullability = Self.nullabilityChange(a, b) { add(nullability) }
        var alternatives: [(keyword: String, pairing: BranchPairing)] = []
        for (keyword, branchesA, branchesB) in [("anyOf", a.anyOf, b.anyOf), ("oneOf", a.oneOf, b.oneOf)]
        where !branchesA.isEmpty || !branchesB.isEmpty {
            let pairing = pairBranches(a, branchesA, b, branchesB, keyword: keyword, context: context, depth: depth,
                                       rootOnly: rootOnly)
            dependsOn = min(dependsOn, pairing.dependsOn)
            if pairing.added { add(.subschemaAdded(keyword)) }
            if pairing.removed { add(.subschemaRemoved(keyword)) }
            alternatives.append((keyword, pairing))
        }
        Self.conditionalChanges(a, b).forEach { add($0) }
        Self.discriminatorChanges(a, b).forEach { add($0.kind, $0.a, $0.b) }
        if let (kind, before, after) = Self.typeChange(a, b, context: context, root: depth == 0) {
            add(kind, before, after)
            if a.enumValues == nil, b.enumValues != nil, context.isRequest {
                add(.becameEnum, nil, b.enumValues?.map { $0.encoded() }.joined(separator: ", "))
            }
        } else if alternatives.contains(where: \.pairing.wrapped) {
            for (branchA, branchB) in alternatives.flatMap(\.pairing.pairs) {
                let below = compare(branchA, branchB, context: context, depth: depth + 1, rootOnly: rootOnly)
                found.append(below.found)
                dependsOn = min(dependsOn, below.dependsOn)
            }
        } else {
            Self.enumChanges(a, b, context: context).forEach { add($0.kind, $0.a, $0.b) }
            Self.constraintChanges(a, b, context: context).forEach { add($0.kind, $0.a, $0.b) }
            if !rootOnly {
                let properties = propertyChanges(a, b, context: context, depth: depth)
                found.append(properties.found)
                dependsOn = min(dependsOn, properties.dependsOn)
            }
            if !rootOnly, let itemsA = a.items, let itemsB = b.items {
                let items = compare(itemsA, itemsB, context: context, depth: depth + 1)
                found.append(items.found, below: .items)
                dependsOn = min(dependsOn, items.dependsOn)
            }
            // Alternatives that correspond (see `pairBranches`) are compared as the schema itself: a
            // change inside one is a change here.
            for (_, pairing) in alternatives {
                for (branchA, branchB) in pairing.pairs {
                    let below = compare(branchA, branchB, context: context, depth: depth + 1, rootOnly: rootOnly)
                    found.append(below.found)
                    dependsOn = min(dependsOn, below.dependsOn)
                }
            }
            if !rootOnly, let extraA = a.additionalPropertiesSchema, let extraB = b.additionalPropertiesSchema {
                let below = compare(extraA, extraB, context: context, depth: depth + 1)
                found.append(below.found, below: .property("*"))
                dependsOn = min(dependsOn, below.dependsOn)
            }
        }
        if dependsOn >= depth { memo[key] = found }
        return (found, dependsOn)
    }

    /// `string` → `string | null` and back: nullability is its own change, apart from the type.
    private static func nullabilityChange(_ a: JSONSchema, _ b: JSONSchema) -> Kind? {
        guard !a.types.isEmpty || !b.types.isEmpty, a.isNullable != b.isNullable else { return nil }
        return b.isNullable ? .becameNullable : .becameNotNullable
    }

    /// A type (or format) change; nothing below it is compared then. A request that accepts all it did
    /// is widened (`type-generalized`); a scalar parameter travels as text, so anything becoming a string
    /// is widened too. An answer that holds less is narrowed (`type-specialized`), else it changed.
    private static func typeChange(_ a: JSONSchema, _ b: JSONSchema, context: Context, root: Bool) -> (Kind, String, String)? {
        let typesA = types(of: a)
        let typesB = types(of: b)
        let formatA = effectiveFormat(a, comparedWith: b.format ?? "")
        let formatB = effectiveFormat(b, comparedWith: a.format ?? "")
        // A format is compared only when both are ones JSON Schema or OpenAPI define: a vendor's own
        // (`unixtime`) says nothing a reader can check, so it changes nothing.
        let typed = typesA != nil && typesB != nil && Self.knownFormats.contains(formatA) && Self.knownFormats.contains(formatB)
        guard typesA != typesB || (typed && formatA != formatB) else { return nil }
        var widened = accepts(typesB, everythingIn: typesA)
        var narrowed = accepts(typesA, everythingIn: typesB)
        if typesA == typesB {
            widened = formatContains(formatB, formatA)
            narrowed = formatContains(formatA, formatB)
        }
        let textA = text(typesA) + (formatA.isEmpty ? "" : " (\(formatA))")
        let textB = text(typesB) + (formatB.isEmpty ? "" : " (\(formatB))")
        let kind: Kind
        if typesA == typesB, !widened, !narrowed {
            // Neither format holds the other (`uri` → `uri-template`): the type is the same, its format moved.
            kind = .formatChanged
        } else if context == .parameter {
            // A parameter travels as text: anything becoming a string still parses. An object parameter's
            // property may be sent as JSON or as text, so where the two readings differ it is a warning.
            let asText = widened || typesB == nil || typesB == ["string"]
            if !root {
                kind = asText == widened ? (widened ? .typeGeneralized : .typeSpecialized) : .typeChanged
            } else {
                kind = asText ? .typeGeneralized : .typeChanged
            }
        } else if context.isRequest {
            kind = widened ? .typeGeneralized : .typeChanged
        } else {
            kind = narrowed ? .typeSpecialized : widened ? .typeGeneralized : .typeChanged
        }
        return (kind, textA, textB)
    }

    /// The formats of JSON Schema 2020-12 and of the OpenAPI Format Registry's core, and none.
    static let knownFormats: Set<String> = [
        "", "int32", "int64", "float", "double", "byte", "binary", "password", "date", "date-time", "time", "duration",
        "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference",
        "uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex",
    ]

    /// Whether format `outer` accepts every value of format `inner`: no format accepts all, `int64` holds
    /// `int32` and `double` holds `float`.
    private static func formatContains(_ outer: String, _ inner: String) -> Bool {
        outer == inner || outer.isEmpty || (outer == "int64" && inner == "int32") || (outer == "double" && inner == "float")
    }

    /// How the alternatives (`anyOf` or `oneOf`) of two schemas correspond: the pairs compared as one
    /// branch, whether some branch of A has none in B (`removed`) or the other way round (`added`).
    struct BranchPairing {
        var pairs: [(JSONSchema, JSONSchema)] = []
        var removed = false
        var added = false
        var dependsOn = Int.max
        /// One side is, as a whole, a branch of the other (`X` → `anyOf: [X, Custom]`): it is compared
        /// with that branch only, not with the other side's own keywords.
        var wrapped = false
    }

    /// How many unpaired branches of each side are compared with each other to find equal ones.
    static let branchTrialLimit = 16

    /// Pairs the alternatives of `a` and `b` by what they are, not where they are written: the same
    /// component (through an "or null" or a `$ref` with keywords beside it, which 3.0 and 3.1 read
    /// differently); else the same tag (a required property with one allowed value, as a
    /// discriminator's `type: click`), so a branch renamed with its component is still itself; else
    /// equal schemas (no change between them); else inline branches of the same types, in order. A
    /// schema without alternatives of this keyword that is itself a branch of the other side (`X`
    /// → `anyOf: [X, Custom]`) is that one branch.
    private mutating func pairBranches(_ a: JSONSchema, _ branchesA: [JSONSchema], _ b: JSONSchema, _ branchesB: [JSONSchema],
                                       keyword: String, context: Context, depth: Int, rootOnly: Bool) -> BranchPairing {
        var listA = branchesA
        var listB = branchesB
        func isBranch(_ schema: JSONSchema, of list: [JSONSchema], besides own: [JSONSchema], other: JSONSchema) -> Bool {
            guard let name = Self.branchName(schema), name != Self.branchName(other) else { return false }
            return list.contains { Self.branchName($0) == name } && !own.contains { Self.branchName($0) == name }
        }
        var pairing = BranchPairing()
        if isBranch(a, of: branchesB, besides: branchesA, other: b) {
            listA = [a]
            pairing.wrapped = true
        } else if isBranch(b, of: branchesA, besides: branchesB, other: a) {
            listB = [b]
            pairing.wrapped = true
        } else {
            listA = Self.flattened(listA, keyword: keyword)
            listB = Self.flattened(listB, keyword: keyword)
        }
        guard !listA.isEmpty, !listB.isEmpty else {
            pairing.removed = !listA.isEmpty && !branchesA.isEmpty
            pairing.added = !listB.isEmpty && !branchesB.isEmpty
            return pairing
        }
        var openA = Array(listA.indices)
        var openB = Array(listB.indices)
        // A key pairs two branches when each side has it once; A's order is kept, so the diff is too.
        func pair(by key: (JSONSchema) -> String?) {
            var keysB: [String: [Int]] = [:]
            for index in openB { if let key = key(listB[index]) { keysB[key, default: []].append(index) } }
            let keyed = openA.map { ($0, key(listA[$0])) }
            var countsA: [String: Int] = [:]
            for case (_, let key?) in keyed { countsA[key, default: 0] += 1 }
            for case (let indexA, let key?) in keyed where countsA[key] == 1 {
                guard let indicesB = keysB[key], indicesB.count == 1 else { continue }
                pairing.pairs.append((listA[indexA], listB[indicesB[0]]))
                openA.removeAll { $0 == indexA }
                openB.removeAll { $0 == indicesB[0] }
            }
        }
        pair(by: Self.branchName)
        pair(by: Self.branchTag)
        if openA.count <= Self.branchTrialLimit, openB.count <= Self.branchTrialLimit {
            for indexA in openA {
                for indexB in openB {
                    // Changes inside a shared component below are the component's: the branches are one.
                    let trial = compare(listA[indexA], listB[indexB], context: context, depth: depth + 1, rootOnly: rootOnly)
                    pairing.dependsOn = min(pairing.dependsOn, trial.dependsOn)
                    guard trial.found.total == 0 else { continue }
                    pairing.pairs.append((listA[indexA], listB[indexB]))
                    openA.removeAll { $0 == indexA }
                    openB.removeAll { $0 == indexB }
                    break
                }
            }
        }
        let inlineA = openA.filter { Self.branchName(listA[$0]) == nil }
        let inlineB = openB.filter { Self.branchName(listB[$0]) == nil }
        for (indexA, indexB) in zip(inlineA, inlineB) where Self.types(of: listA[indexA]) == Self.types(of: listB[indexB]) {
            pairing.pairs.append((listA[indexA], listB[indexB]))
            openA.removeAll { $0 == indexA }
            openB.removeAll { $0 == indexB }
        }
        // A branch that takes every value of one scalar type (`{type: string}`) holds every other branch of
        // that type: such a branch on the other side means no values went or came (OpenAI's `model`: any
        // string, or one of a list of names that changed).
        let wholeA = Set(listA.compactMap(Self.wholeScalarType))
        let wholeB = Set(listB.compactMap(Self.wholeScalarType))
        openA.removeAll { Self.scalarType(listA[$0]).map(wholeB.contains) ?? false }
        openB.removeAll { Self.scalarType(listB[$0]).map(wholeA.contains) ?? false }
        pairing.removed = !openA.isEmpty
        pairing.added = !openB.isEmpty
        return pairing
    }

    /// The one scalar type (`string`, `integer`, `number`, `boolean`) a branch's values have, "or null" aside.
    private static func scalarType(_ schema: JSONSchema) -> String? {
        let types = schema.types.filter { $0 != "null" }
        guard types.count == 1, let type = types.first, ["string", "integer", "number", "boolean"].contains(type) else { return nil }
        return type
    }

    /// The scalar type a branch takes whole: `{type: string}` with no enum, format, pattern, length or bound.
    private static func wholeScalarType(_ schema: JSONSchema) -> String? {
        guard let type = scalarType(schema), schema.enumValues == nil, schema.constValue == nil, (schema.format ?? "").isEmpty,
              schema.anyOf.isEmpty, schema.oneOf.isEmpty,
              schema.facet({ $0.pattern?.source }) == nil, schema.facet({ $0.minLength }) == nil,
              schema.facet({ $0.maxLength }) == nil, schema.facet({ $0.minimum }) == nil, schema.facet({ $0.maximum }) == nil
        else { return nil }
        return type
    }

    /// A branch that is only alternatives of the same keyword (`oneOf: [oneOf: [Text, Image], Array]`)
    /// stands for them: nesting a union in another accepts the same values.
    private static func flattened(_ list: [JSONSchema], keyword: String, depth: Int = 0) -> [JSONSchema] {
        guard depth < 4 else { return list }
        return list.flatMap { branch -> [JSONSchema] in
            let inner = keyword == "anyOf" ? branch.anyOf : branch.oneOf
            guard !inner.isEmpty, branch.types.isEmpty, branch.properties.isEmpty, branch.items == nil, branch.enumValues == nil,
                  !branch.isNullable
            else { return [branch] }
            return flattened(inner, keyword: keyword, depth: depth + 1)
        }
    }

    /// The component a branch is: its own name, else that of the one schema it stands for (an "or
    /// null", an `allOf` of one) or of the `$ref` it adds keywords to, but no properties.
    private static func branchName(_ schema: JSONSchema) -> String? {
        var current = schema
        for _ in 0..<8 {
            if let name = current.componentName { return name }
            let node = current.graph.node(current.node)
            if let alone = current.view.standsFor {
                current = JSONSchema(graph: current.graph, index: alone)
            } else if let target = node.ref, node.properties.isEmpty, node.allOf.isEmpty, node.anyOf.isEmpty, node.oneOf.isEmpty {
                current = JSONSchema(graph: current.graph, index: target)
            } else {
                return nil
            }
        }
        return nil
    }

    /// `type="click"` for a branch whose required property `type` allows one value: what tells the
    /// branches of a tagged union apart, kept when a branch's component is renamed. The first such
    /// property in document order; nil for a branch without one.
    private static func branchTag(_ schema: JSONSchema) -> String? {
        let required = Set(schema.required)
        for (name, property) in schema.properties where required.contains(name) {
            if let values = property.enumValues, values.count == 1, let value = values.first {
                return "\(name)=\(value.encoded())"
            }
        }
        return nil
    }
}
