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
    /// Where the compared schemas sit: it decides which way a change breaks (a client writes requests and
    /// reads answers) and the prefix of its id (`request-parameter-`, `request-property-`, `response-body-`).
    enum Context: Hashable {
        case parameter, requestBody, response, header

        var isRequest: Bool { self == .parameter || self == .requestBody }
    }

    /// One step below the compared root: a property, or the items of an array.
    enum Step: Hashable {
        case property(String)
        case items
    }

    /// What changed, before it is named for where it sits.
    enum Kind: Hashable {
        case typeChanged, typeGeneralized, typeSpecialized
        case becameNullable, becameNotNullable
        case enumValueRemoved, enumValueAdded, becameEnum
        case patternAdded, patternRemoved, patternChanged
        case maxLengthDecreased, maxLengthIncreased, maxLengthSet, maxLengthUnset, minLengthIncreased, minLengthDecreased
        case maxDecreased, maxIncreased, maxSet, maxUnset, minIncreased, minDecreased, minSet, minUnset
        case defaultAdded, defaultRemoved, defaultChanged
        case deprecated, reactivated
        case maxItemsDecreased, maxItemsIncreased, minItemsIncreased, minItemsDecreased, minItemsSet, minItemsUnset
        /// A branch of `allOf`/`anyOf`/`oneOf` (by keyword), an `if`/`then`/`else` or a `discriminator`.
        case subschemaAdded(String), subschemaRemoved(String)
        /// A property's `readOnly`/`writeOnly` (`keyword`) set or unset; `required` in the older document.
        case became(keyword: String, set: Bool, required: Bool)
        /// A property: `required` in the document that has it, `writeOnly` (answers) as declared.
        case propertyRemoved(required: Bool, writeOnly: Bool)
        case propertyAdded(required: Bool, writeOnly: Bool, hasDefault: Bool)
        case becameRequired(writeOnly: Bool)
        case becameOptional(writeOnly: Bool)

        /// The words the text and the reports show: `type changed`, `maxLength decreased`.
        var text: String {
            switch self {
            case .typeChanged: "type changed"
            case .typeGeneralized: "type widened"
            case .typeSpecialized: "type narrowed"
            case .becameNullable: "now nullable"
            case .becameNotNullable: "no longer nullable"
            case .enumValueRemoved: "enum value removed"
            case .enumValueAdded: "enum value added"
            case .becameEnum: "now an enum"
            case .patternAdded: "pattern added"
            case .patternRemoved: "pattern removed"
            case .patternChanged: "pattern changed"
            case .maxLengthDecreased: "maxLength decreased"
            case .maxLengthIncreased: "maxLength increased"
            case .maxLengthSet: "maxLength set"
            case .maxLengthUnset: "maxLength removed"
            case .minLengthIncreased: "minLength increased"
            case .minLengthDecreased: "minLength decreased"
            case .maxDecreased: "maximum decreased"
            case .maxIncreased: "maximum increased"
            case .maxSet: "maximum set"
            case .maxUnset: "maximum removed"
            case .minIncreased: "minimum increased"
            case .minDecreased: "minimum decreased"
            case .minSet: "minimum set"
            case .minUnset: "minimum removed"
            case .defaultAdded: "default added"
            case .defaultRemoved: "default removed"
            case .defaultChanged: "default changed"
            case .deprecated: "deprecated"
            case .reactivated: "no longer deprecated"
            case .maxItemsDecreased: "maxItems decreased"
            case .maxItemsIncreased: "maxItems increased"
            case .minItemsIncreased: "minItems increased"
            case .minItemsDecreased: "minItems decreased"
            case .minItemsSet: "minItems set"
            case .minItemsUnset: "minItems removed"
            case .subschemaAdded(let keyword): "\(keyword) added"
            case .subschemaRemoved(let keyword): "\(keyword) removed"
            case .became(let keyword, let set, _): set ? "now \(keyword)" : "no longer \(keyword)"
            case .propertyRemoved: "removed"
            case .propertyAdded: "added"
            case .becameRequired: "now required"
            case .becameOptional: "no longer required"
            }
        }

        /// The id's last words for a change at a schema (`type-changed`); nil for the property kinds, whose
        /// ids are whole (`new-required-request-property`).
        var suffix: String? {
            switch self {
            case .typeChanged: "type-changed"
            case .typeGeneralized: "type-generalized"
            case .typeSpecialized: "type-specialized"
            case .becameNullable: "became-nullable"
            case .becameNotNullable: "became-not-nullable"
            case .enumValueRemoved: "enum-value-removed"
            case .enumValueAdded: "enum-value-added"
            case .becameEnum: "became-enum"
            case .patternAdded: "pattern-added"
            case .patternRemoved: "pattern-removed"
            case .patternChanged: "pattern-changed"
            case .maxLengthDecreased: "max-length-decreased"
            case .maxLengthIncreased: "max-length-increased"
            case .maxLengthUnset: "max-length-unset"
            case .maxLengthSet: "max-length-set"
            case .minLengthIncreased: "min-length-increased"
            case .minLengthDecreased: "min-length-decreased"
            case .maxDecreased: "max-decreased"
            case .maxIncreased, .maxUnset: "max-increased"
            case .maxSet: "max-set"
            case .minIncreased: "min-increased"
            case .minDecreased, .minUnset: "min-decreased"
            case .minSet: "min-set"
            case .defaultAdded: "default-value-added"
            case .defaultRemoved: "default-value-removed"
            case .defaultChanged: "default-value-changed"
            case .deprecated: "deprecated"
            case .reactivated: "reactivated"
            case .maxItemsDecreased: "max-items-decreased"
            case .maxItemsIncreased: "max-items-increased"
            case .minItemsIncreased: "min-items-increased"
            case .minItemsDecreased: "min-items-decreased"
            case .minItemsSet: "min-items-set"
            case .minItemsUnset: "min-items-unset"
            case .subschemaAdded(let keyword): Self.idWords(keyword) + "-added"
            case .subschemaRemoved(let keyword): Self.idWords(keyword) + "-removed"
            case .propertyRemoved, .propertyAdded, .becameRequired, .becameOptional, .became: nil
            }
        }

        /// `allOf` → `all-of`, `readOnly` → `read-only`.
        static func idWords(_ keyword: String) -> String {
            var words = ""
            for character in keyword {
                if character.isUppercase { words += "-" + character.lowercased() } else { words.append(character) }
            }
            return words
        }
    }

    struct Change {
        /// Steps from the compared root, outermost first.
        var steps: [Step]
        let kind: Kind
        let context: Context
        let a: String?
        let b: String?

        var change: String { kind.text }

        /// The rule's id: the context's prefix for a change at the root (`request-body-`) or below it
        /// (`request-property-`), else the whole id of a property kind. A root change with no rule of
        /// its own (`request-body-pattern-added`) takes its property rule's.
        var id: String {
            // The items of an array at the root are still the body (or parameter), not a property.
            let root = !steps.contains { if case .property = $0 { true } else { false } }
            let request = context.isRequest
            switch kind {
            case .propertyRemoved(let required, let writeOnly):
                if request { return "request-property-removed" }
                return "response-\(required ? "required" : "optional")\(writeOnly ? "-write-only" : "")-property-removed"
            case .propertyAdded(let required, let writeOnly, let hasDefault):
                if request {
                    return required ? (hasDefault ? "new-required-request-property-with-default" : "new-required-request-property")
                        : "new-optional-request-property"
                }
                return "response-\(required ? "required" : "optional")\(writeOnly ? "-write-only" : "")-property-added"
            case .becameRequired(let writeOnly):
                if request { return "request-property-became-required" }
                return writeOnly ? "response-write-only-property-became-required" : "response-property-became-required"
            case .becameOptional(let writeOnly):
                if request { return "request-property-became-optional" }
                return writeOnly ? "response-write-only-property-became-optional" : "response-property-became-optional"
            case .became(let keyword, let set, let required):
                return "\(request ? "request" : "response")-\(required ? "required" : "optional")-property-became-"
                    + (set ? "" : "not-") + Kind.idWords(keyword)
            default:
                break
            }
            let suffix = kind.suffix ?? ""
            let prefix: String = switch context {
            case .parameter: root ? "request-parameter-" : "request-parameter-property-"
            case .requestBody: root ? "request-body-" : "request-property-"
            case .response: root ? "response-body-" : "response-property-"
            case .header: "response-header-"
            }
            let id = prefix + suffix
            if SpecChangeRules.knows(id) { return id }
            let below = (request ? "request-property-" : "response-property-") + suffix
            return SpecChangeRules.knows(below) ? below : id
        }

        var level: SpecChangeLevel { SpecChangeRules.level(of: id) }
        var breaking: Bool { level == .breaking }

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
        /// The shared components with changes reached from here (at most `componentLimit` named).
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
        let context: Context
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
    mutating func compare(_ a: JSONSchema, _ b: JSONSchema, context: Context) -> Found {
        compare(a, b, context: context, depth: 0).found
    }

    /// The changes below a pair, and the shallowest depth on the path above that they depended on
    /// (`Int.max` when none): a result is only remembered when it did not depend on anything above it.
    private mutating func compare(_ a: JSONSchema, _ b: JSONSchema, context: Context, depth: Int)
        -> (found: Found, dependsOn: Int)
    {
        let key = Key(a: a.node, b: b.node, context: context)
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
        func add(_ kind: Kind, _ before: String? = nil, _ after: String? = nil) {
            found.append(Change(steps: [], kind: kind, context: context, a: before, b: after))
        }
        if let nullability = Self.nullabilityChange(a, b) { add(nullability) }
        var alternatives: [(keyword: String, pairing: BranchPairing)] = []
        for (keyword, branchesA, branchesB) in [("anyOf", a.anyOf, b.anyOf), ("oneOf", a.oneOf, b.oneOf)]
        where !branchesA.isEmpty || !branchesB.isEmpty {
            let pairing = pairBranches(a, branchesA, b, branchesB, keyword: keyword, context: context, depth: depth)
            dependsOn = min(dependsOn, pairing.dependsOn)
            if pairing.added { add(.subschemaAdded(keyword)) }
            if pairing.removed { add(.subschemaRemoved(keyword)) }
            alternatives.append((keyword, pairing))
        }
        Self.conditionalChanges(a, b).forEach { add($0) }
        if let (kind, before, after) = Self.typeChange(a, b, context: context, root: depth == 0) {
            add(kind, before, after)
            if a.enumValues == nil, b.enumValues != nil, context.isRequest {
                add(.becameEnum, nil, b.enumValues?.map { $0.encoded() }.joined(separator: ", "))
            }
        } else if alternatives.contains(where: \.pairing.wrapped) {
            for (branchA, branchB) in alternatives.flatMap(\.pairing.pairs) {
                let below = compare(branchA, branchB, context: context, depth: depth + 1)
                found.append(below.found)
                dependsOn = min(dependsOn, below.dependsOn)
            }
        } else {
            Self.enumChanges(a, b, context: context).forEach { add($0.kind, $0.a, $0.b) }
            Self.constraintChanges(a, b, context: context).forEach { add($0.kind, $0.a, $0.b) }
            let properties = propertyChanges(a, b, context: context, depth: depth)
            found.append(properties.found)
            dependsOn = min(dependsOn, properties.dependsOn)
            if let itemsA = a.items, let itemsB = b.items {
                let items = compare(itemsA, itemsB, context: context, depth: depth + 1)
                found.append(items.found, below: .items)
                dependsOn = min(dependsOn, items.dependsOn)
            }
            // Alternatives that correspond (see `pairBranches`) are compared as the schema itself: a
            // change inside one is a change here.
            for (_, pairing) in alternatives {
                for (branchA, branchB) in pairing.pairs {
                    let below = compare(branchA, branchB, context: context, depth: depth + 1)
                    found.append(below.found)
                    dependsOn = min(dependsOn, below.dependsOn)
                }
            }
            if let extraA = a.additionalPropertiesSchema, let extraB = b.additionalPropertiesSchema {
                let below = compare(extraA, extraB, context: context, depth: depth + 1)
                found.append(below.found, below: .property("*"))
                dependsOn = min(dependsOn, below.dependsOn)
            }
        }
        // A shared component keeps the changes below its root for itself, and those reaching it learn only
        // its name; a change at its root (its type) is the reaching place's, named for it.
        if let name = a.componentName, name == b.componentName {
            let component = ComponentKey(name: name, context: context)
            var inside = found
            inside.changes.removeAll { $0.steps.isEmpty }
            var reached = Found()
            for change in found.changes where change.steps.isEmpty {
                reached.append(change)
                inside.total -= 1
                inside.count(change, by: -1)
            }
            if componentResults[component] == nil { componentResults[component] = inside }
            reached.components = found.components
            if inside.total > 0, reached.components.count < Self.componentLimit {
                reached.components.insert(component)
            }
            found = reached
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
        let formatA = a.format ?? ""
        let formatB = b.format ?? ""
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
        if context == .parameter {
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
                                       keyword: String, context: Context, depth: Int) -> BranchPairing {
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
                    let trial = compare(listA[indexA], listB[indexB], context: context, depth: depth + 1)
                    pairing.dependsOn = min(pairing.dependsOn, trial.dependsOn)
                    guard trial.found.total == 0, trial.found.components.isEmpty else { continue }
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
        pairing.removed = !openA.isEmpty
        pairing.added = !openB.isEmpty
        return pairing
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
            let node = current.graph.nodes[current.node]
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

    /// `if`/`then`/`else` and `discriminator`, by being there: on the schema or on what it merges, so
    /// `{type: object, $ref: Item}` has Item's, as in 3.1 (3.0 reads past the `type`).
    private static func conditionalChanges(_ a: JSONSchema, _ b: JSONSchema) -> [Kind] {
        var kinds: [Kind] = []
        let present: [(String, Bool, Bool)] = [
            ("if", a.facet(\.ifSchema) != nil, b.facet(\.ifSchema) != nil),
            ("then", a.facet(\.thenSchema) != nil, b.facet(\.thenSchema) != nil),
            ("else", a.facet(\.elseSchema) != nil, b.facet(\.elseSchema) != nil),
            ("discriminator", a.facet(\.discriminator) != nil, b.facet(\.discriminator) != nil),
        ]
        for (keyword, inA, inB) in present where inA != inB {
            kinds.append(inB ? .subschemaAdded(keyword) : .subschemaRemoved(keyword))
        }
        return kinds
    }

    private static func enumChanges(_ a: JSONSchema, _ b: JSONSchema, context: Context) -> [(kind: Kind, a: String?, b: String?)] {
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
    private static func constraintChanges(_ a: JSONSchema, _ b: JSONSchema, context: Context) -> [(kind: Kind, a: String?, b: String?)] {
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

    private mutating func propertyChanges(_ a: JSONSchema, _ b: JSONSchema, context: Context, depth: Int)
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
    private static func types(of schema: JSONSchema) -> Set<String>? {
        let types = (schema.types.isEmpty ? schema.acceptedTypes : schema.types).filter { $0 != "null" }
        return types.isEmpty ? nil : Set(types)
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
