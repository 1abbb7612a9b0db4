import FoundationFree
import JSON
/// Checks a value against a node of a `SchemaGraph`, collecting up to `limit` failures: every keyword of
/// JSON Schema draft 4 and draft 2020-12, each in the dialect of the schema it is written in.
///
/// Bounded on every axis: values nest at most `depthLimit` levels (the parser's own limit), schemas that
/// only lead to other schemas (`$ref`, `allOf`, `anyOf`, `oneOf`, …) without descending into the value are
/// followed at most `hopLimit` times in a row, so cycles end, a schema reached twice for the same value (an
/// `allOf` diamond) is checked once, and `budget` caps the work of one validation: every schema/value visit,
/// enum lookup, item compared and branch tried, so nested `anyOf`s cannot explode. Regular expressions are
/// matched in linear time (`BoundedRegex`). Beyond a bound the value is not checked further, and the check
/// says where it stopped and why: a failure of its own (`stoppedFailure`), so a check cut short is never a
/// pass. A tripped `cancellation` (looked at every few thousand steps) stops it with `DecodeFailure.cancelled`.
struct SchemaValidator {
    static let depthLimit = 512
    static let hopLimit = 64
    static let defaultBudget = 2_000_000
    /// Steps a check may take for each value in the instance, above `defaultBudget`: a large answer (a
    /// 71 MB page of 57,000 groups takes about 3 million steps) is checked to its end, and the work stays
    /// linear in the instance, whatever its `anyOf`s.
    static let stepsPerValue = 16

    let graph: SchemaGraph
    let limit: Int
    let cancellation: CancellationToken?
    /// Whether the value is sent (`readOnly` properties are then not required) or received (`writeOnly`).
    var use: SchemaUse = .any
    var failures: [DecodeFailure] = []
    var wasCancelled = false
    /// Where a bound stopped the check, and which bound; the first one met.
    private(set) var stopped: (path: String, reason: String)?
    var budget = SchemaValidator.defaultBudget
    /// The budget the whole check started with, for the message of a check it stopped.
    var initialBudget = SchemaValidator.defaultBudget
    /// The nodes already checked against the value being looked at, reached through `$ref`/`allOf`.
    var checkedHere = Set<Int>()
    /// The resources entered on the way to the schema being checked, outermost first (`$dynamicRef`).
    var scope: [String] = []

    init(graph: SchemaGraph, limit: Int, cancellation: CancellationToken? = nil, use: SchemaUse = .any) {
        self.graph = graph
        self.limit = max(0, limit)
        self.cancellation = cancellation
        self.use = use
    }

    var isDone: Bool { failures.count >= limit || budget <= 0 }

    mutating func check(_ value: JSONValue, against index: Int, path: ValuePath) {
        var evaluated: Evaluated?
        budget = Self.defaultBudget + Self.stepsPerValue * Self.valueCount(value, upTo: Self.defaultBudget)
        initialBudget = budget
        check(value, against: index, path: path, depth: 0, hops: 0, evaluated: &evaluated)
        _ = isStopped(at: path)
        if wasCancelled {
            failures = [DecodeFailure.cancelled]
        } else if let stopped {
            failures.append(Self.stoppedFailure(stopped))
        }
    }

    /// How many values `value` holds, itself included, counting no further than `limit`: the instance is
    /// bounded by the body cap, so this is too.
    static func valueCount(_ value: JSONValue, upTo limit: Int) -> Int {
        var count = 0
        var pending = [value]
        while let next = pending.popLast(), count < limit {
            count += 1
            switch next {
            case .object(let object): pending.append(contentsOf: object.values)
            case .array(let elements): pending.append(contentsOf: elements)
            default: break
            }
        }
        return count
    }

    /// `items[2100000]: expected a check to the end, found the check stopped here (…): the rest is not checked`.
    static func stoppedFailure(_ stopped: (path: String, reason: String)) -> DecodeFailure {
        DecodeFailure(path: stopped.path, expected: "a check to the end",
                      found: "the check stopped here (\(stopped.reason)): the rest is not checked")
    }

    mutating func stop(at path: ValuePath, _ reason: @autoclosure () -> String) {
        if stopped == nil, !wasCancelled { stopped = (path.text, reason()) }
    }

    /// A stop met by a trial on the side, whose path is already written out.
    mutating func stop(atWritten path: String, _ reason: String) {
        if stopped == nil, !wasCancelled { stopped = (path, reason) }
    }

    /// Whether a bound (not the failure limit) ends the check here; notes where.
    mutating func isStopped(at path: ValuePath) -> Bool {
        guard budget <= 0 else { return false }
        let total = initialBudget
        stop(at: path, "past its work budget of \(total) steps")
        return true
    }

    mutating func spend(_ amount: Int) {
        let before = budget
        budget -= amount
        if before >> 12 != budget >> 12, cancellation?.isCancelled == true {
            wasCancelled = true
            budget = 0
        }
    }

    /// Checks a value nested in the current one: what was checked against the current one does not count.
    mutating func checkNested(_ value: JSONValue, against start: Int, path: ValuePath, depth: Int) {
        let outer = checkedHere
        checkedHere = []
        var evaluated: Evaluated?
        check(value, against: start, path: path, depth: depth, hops: 0, evaluated: &evaluated)
        checkedHere = outer
    }

    /// Checks `value` against one schema, adding to `evaluated` (when the caller collects it) the members
    /// and items that schema and the schemas it applies in place evaluated.
    mutating func check(_ value: JSONValue, against start: Int, path: ValuePath, depth: Int, hops: Int, evaluated: inout Evaluated?) {
        guard !isStopped(at: path), failures.count < limit else { return }
        guard depth < Self.depthLimit else { return stop(at: path, "values nested past \(Self.depthLimit) levels") }
        guard hops < Self.hopLimit else { return stop(at: path, "a $ref/allOf/anyOf chain past \(Self.hopLimit) links") }
        spend(1)
        let index = graph.checkTargets[start]
        let node = graph.nodes[index]
        switch node.kind {
        case .anything:
            return
        case .nothing:
            fail(path, expected: "no value", found: value)
            return
        case .keywords:
            break
        }
        // The dynamic scope matters only to `$dynamicRef`s: documents without one do not keep it.
        let entersScope = graph.keepsDynamicScope && scope.last != node.base
        if entersScope { scope.append(node.base) }
        defer { if entersScope { scope.removeLast() } }
        if node.nullable, value.isNull { return }
        if !node.types.isEmpty, !node.types.contains(where: { Self.value(value, hasType: $0, draft4: node.dialect.isDraft4) }) {
            fail(path, expected: Self.expectedText(node.types, nullable: node.nullable), found: value)
            return
        }
        if let values = node.enumValues {
            spend(node.enumSet == nil ? values.count : 1)
            let found = node.enumSet?.contains(JSONEquality.Key(value)) ?? values.contains { JSONEquality.equal($0, value) }
            if !found {
                fail(path, expected: "one of " + Self.listed(values), found: value)
                return
            }
        }
        if let constant = node.constValue, !JSONEquality.equal(constant, value) {
            fail(path, expected: Self.shown(constant), found: value)
            return
        }
        switch value {
        case .number(let number): checkNumber(number, node, path: path)
        case .string(let text): checkString(text, node, path: path)
        default: break
        }
        // A schema that needs to know what was evaluated collects it for itself, whatever the caller does.
        var own: Evaluated? = node.collectsEvaluated && (value.isObject || value.isArray) ? Evaluated() : nil
        if own != nil {
            checkInPlace(value, node, at: index, path: path, depth: depth, hops: hops, evaluated: &own)
        } else {
            checkInPlace(value, node, at: index, path: path, depth: depth, hops: hops, evaluated: &evaluated)
        }
        if var own {
            switch value {
            case .object(let object):
                checkUnevaluatedProperties(object, node, path: path, depth: depth, evaluated: &own)
            case .array(let elements):
                checkUnevaluatedItems(elements, node, path: path, depth: depth, evaluated: &own)
            default:
                break
            }
            evaluated?.merge(own)
        }
    }

    /// The keywords that apply to the value in place (`$ref`, `allOf`, `properties`, composition) and the
    /// object's or array's own, adding to `evaluated`: the schema's own collector when it keeps one, else
    /// the caller's.
    private mutating func checkInPlace(_ value: JSONValue, _ node: SchemaNode, at index: Int, path: ValuePath, depth: Int, hops: Int,
                                       evaluated collector: inout Evaluated?) {
        var membersChecked = false
        // `$ref`, `allOf` and `properties` in the order they are written, so failures read in the merged
        // property order that `JSONSchema.properties` shows.
        for source in node.mergeSources {
            if let source {
                if collector == nil {
                    if checkedHere.isEmpty { checkedHere.insert(index) }
                    guard checkedHere.insert(graph.checkTargets[source]).inserted else { continue }
                }
                check(value, against: source, path: path, depth: depth, hops: hops + 1, evaluated: &collector)
            } else if case .object(let object) = value {
                checkMembers(of: object, against: node, path: path, depth: depth, evaluated: &collector)
                membersChecked = true
            }
        }
        applyComposition(value, node, path: path, depth: depth, hops: hops, evaluated: &collector)
        switch value {
        case .object(let object):
            if !membersChecked { checkMembers(of: object, against: node, path: path, depth: depth, evaluated: &collector) }
            checkObject(object, node, path: path, depth: depth, hops: hops, evaluated: &collector)
        case .array(let elements):
            checkArray(elements, node, path: path, depth: depth, hops: hops, evaluated: &collector)
        default:
            break
        }
    }

    mutating func fail(_ path: ValuePath, expected: String, found value: JSONValue) {
        let failure = DecodeFailure(path: path.text, expected: expected, found: DecodeFailure.found(value))
        if !failures.contains(failure) { failures.append(failure) }
    }

    mutating func fail(_ failure: DecodeFailure) {
        if !failures.contains(failure) { failures.append(failure) }
    }

    /// Whether `value` is of the JSON Schema type named: `integer` is a number without a fraction, and in
    /// draft 4 (as its implementations read JSON) one written without a fraction or exponent, so `1.0` is not.
    static func value(_ value: JSONValue, hasType type: String, draft4: Bool = false) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("object", .object), ("array", .array),
             ("null", .null), ("number", .number):
            return true
        case ("integer", .number(let number)):
            if draft4 {
                return !number.text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            }
            return number.isInteger
        default:
            return false
        }
    }

    /// `number`, `string or null`, `integer, string or null`.
    static func expectedText(_ types: [String], nullable: Bool) -> String {
        var names = types
        if nullable, !names.contains("null") { names.append("null") }
        guard names.count > 1, let last = names.last else { return names.first ?? "any value" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `"a", "b", 3` — at most 10, then `…`.
    static func listed(_ values: [JSONValue]) -> String {
        let shownValues = values.prefix(10).map(shown)
        return shownValues.joined(separator: ", ") + (values.count > 10 ? ", …" : "")
    }

    static func shown(_ value: JSONValue) -> String {
        let text = value.encoded()
        return text.count > 40 ? String(text.prefix(37)) + "…" : text
    }

    func names(_ branches: [Int]) -> String {
        branches.map { JSONSchema(graph: graph, index: $0).displayName }.joined(separator: ", ")
    }
}

/// Whether a value is checked as sent or as received, for OpenAPI's `readOnly` and `writeOnly`.
public enum SchemaUse: Sendable {
    /// A request body or parameter: a `readOnly` property is not required.
    case request
    /// An answer: a `writeOnly` property is not required.
    case response
    case any
}

/// Which members of an object, or items of an array, the schemas applied to it evaluated, for
/// `unevaluatedProperties` and `unevaluatedItems`. Members are counted by position, since two members'
/// names can differ only in their code points.
struct Evaluated {
    var members = Set<Int>()
    var allMembers = false
    /// Items `0..<prefix` were evaluated.
    var prefix = 0
    var items = Set<Int>()
    var allItems = false

    mutating func markAll() {
        allMembers = true
        allItems = true
    }

    mutating func merge(_ other: Evaluated) {
        members.formUnion(other.members)
        allMembers = allMembers || other.allMembers
        prefix = max(prefix, other.prefix)
        items.formUnion(other.items)
        allItems = allItems || other.allItems
    }

    func hasMember(_ position: Int) -> Bool { allMembers || members.contains(position) }
    func hasItem(_ position: Int) -> Bool { allItems || position < prefix || items.contains(position) }
}

extension JSONValue {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
