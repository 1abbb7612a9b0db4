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
package struct SchemaValidator {
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
    var checkedHere = CheckedNodes()
    /// The resources entered on the way to the schema being checked, outermost first (`$dynamicRef`).
    var scope: [String] = []

    init(graph: SchemaGraph, limit: Int, cancellation: CancellationToken? = nil, use: SchemaUse = .any) {
        graph.settleForChecks()
        self.graph = graph
        self.limit = max(0, limit)
        self.cancellation = cancellation
        self.use = use
    }

    var isDone: Bool { failures.count >= limit || budget <= 0 }

    mutating func check<Value: SchemaInstance>(_ value: Value, against index: Int, path: ValuePath) {
        var evaluated: Evaluated?
        budget = Self.defaultBudget + Self.stepsPerValue * value.valueCount(upTo: Self.defaultBudget)
        initialBudget = budget
        check(value, against: index, path: path, depth: 0, hops: 0, evaluated: &evaluated)
        _ = isStopped(at: path)
        if wasCancelled {
            failures = [DecodeFailure.cancelled]
        } else if let stopped {
            failures.append(Self.stoppedFailure(stopped))
        }
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
    mutating func checkNested<Value: SchemaInstance>(_ value: Value, against start: Int, path: ValuePath, depth: Int) {
        let outer = checkedHere
        checkedHere = CheckedNodes()
        var evaluated: Evaluated?
        check(value, against: start, path: path, depth: depth, hops: 0, evaluated: &evaluated)
        checkedHere = outer
    }

    /// Checks `value` against one schema, adding to `evaluated` (when the caller collects it) the members
    /// and items that schema and the schemas it applies in place evaluated.
    mutating func check<Value: SchemaInstance>(_ value: Value, against start: Int, path: ValuePath, depth: Int, hops: Int,
                                               evaluated: inout Evaluated?) {
        guard !isStopped(at: path), failures.count < limit else { return }
        guard depth < Self.depthLimit else { return stop(at: path, "values nested past \(Self.depthLimit) levels") }
        guard hops < Self.hopLimit else { return stop(at: path, "a $ref/allOf/anyOf chain past \(Self.hopLimit) links") }
        spend(1)
        let index = graph.checkTarget(start)
        // The graph holds its nodes for as long as the validator holds the graph: no count is kept here.
        unowned(unsafe) let node = graph.node(index)
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
        if !node.types.isEmpty, !Self.value(value, isOneOf: node.typeSet, draft4: node.dialect.isDraft4) {
            fail(path, expected: Self.expectedText(node.types, nullable: node.nullable), found: value)
            return
        }
        let checks = node.checks
        if checks.contains(.value), let values = node.enumValues {
            spend(node.enumSet == nil ? values.count : 1)
            let tree = value.tree
            let found = node.enumSet?.contains(JSONEquality.Key(tree)) ?? values.contains { JSONEquality.equal($0, tree) }
            if !found {
                fail(path, expected: "one of " + Self.listed(values), found: tree)
                return
            }
        }
        if checks.contains(.value), let constant = node.constValue, !JSONEquality.equal(constant, value.tree) {
            fail(path, expected: Self.shown(constant), found: value)
            return
        }
        if value.isNumber {
            if checks.contains(.number) { checkNumber(value, node, path: path) }
        } else if value.isString {
            if checks.contains(.string) { checkString(value, node, path: path) }
        }
        // Most nodes hold a type and nothing that applies in place or looks inside: they are done.
        guard checks.contains(.inPlace) || (checks.contains(.object) && value.isObject) || (checks.contains(.array) && value.isArray) else {
            return
        }
        // Members and items extend one shared path.
        let path = value.isObject || value.isArray ? path.shared : path
        // A schema that needs to know what was evaluated collects it for itself, whatever the caller does.
        var own: Evaluated? = node.collectsEvaluated && (value.isObject || value.isArray) ? Evaluated() : nil
        if own != nil {
            checkInPlace(value, node, at: index, path: path, depth: depth, hops: hops, evaluated: &own)
        } else {
            checkInPlace(value, node, at: index, path: path, depth: depth, hops: hops, evaluated: &evaluated)
        }
        if var own {
            if let object = value.object {
                checkUnevaluatedProperties(object, node, path: path, depth: depth, evaluated: &own)
            } else if value.isArray {
                checkUnevaluatedItems(value, node, path: path, depth: depth, evaluated: &own)
            }
            evaluated?.merge(own)
        }
    }

    /// The keywords that apply to the value in place (`$ref`, `allOf`, `properties`, composition) and the
    /// object's or array's own, adding to `evaluated`: the schema's own collector when it keeps one, else
    /// the caller's.
    private mutating func checkInPlace<Value: SchemaInstance>(_ value: Value, _ node: SchemaNode, at index: Int, path: ValuePath, depth: Int, hops: Int,
                                       evaluated collector: inout Evaluated?) {
        var membersChecked = false
        // An object's view is made once here: on the tape it looks at the keys once.
        let object = value.object
        // `$ref`, `allOf` and `properties` in the order they are written, so failures read in the merged
        // property order that `JSONSchema.properties` shows.
        for source in node.mergeSources {
            if let source {
                if collector == nil {
                    if checkedHere.isEmpty { _ = checkedHere.insert(index) }
                    guard checkedHere.insert(graph.checkTarget(source)) else { continue }
                }
                check(value, against: source, path: path, depth: depth, hops: hops + 1, evaluated: &collector)
            } else if let object {
                checkMembers(of: object, against: node, path: path, depth: depth, evaluated: &collector)
                membersChecked = true
            }
        }
        applyComposition(value, node, path: path, depth: depth, hops: hops, evaluated: &collector)
        if let object {
            if !membersChecked { checkMembers(of: object, against: node, path: path, depth: depth, evaluated: &collector) }
            checkObject(object, of: value, node, path: path, depth: depth, hops: hops, evaluated: &collector)
        } else if value.isArray {
            checkArray(value, node, path: path, depth: depth, hops: hops, evaluated: &collector)
        }
    }

    mutating func fail<Value: SchemaInstance>(_ path: ValuePath, expected: String, found value: Value) {
        let failure = DecodeFailure(path: path.text, expected: expected, found: DecodeFailure.found(value.tree))
        if !failures.contains(failure) { failures.append(failure) }
    }

    mutating func fail(_ failure: DecodeFailure) {
        if !failures.contains(failure) { failures.append(failure) }
    }

    /// Whether `value` is of the JSON Schema type named: `integer` is a number without a fraction, and in
    /// draft 4 (as its implementations read JSON) one written without a fraction or exponent, so `1.0` is not.
    package static func value(_ value: JSONValue, hasType type: String, draft4: Bool = false) -> Bool {
        Self.value(value, isOneOf: SchemaNode.TypeSet(names: [type]), draft4: draft4)
    }

    static func value<Value: SchemaInstance>(_ value: Value, isOneOf types: SchemaNode.TypeSet, draft4: Bool) -> Bool {
        if value.isString { return types.contains(.string) }
        if value.isNumber {
            if types.contains(.number) { return true }
            guard types.contains(.integer), let number = value.number else { return false }
            let plain = !number.text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            return plain || (!draft4 && number.isInteger)
        }
        if value.isObject { return types.contains(.object) }
        if value.isArray { return types.contains(.array) }
        if value.isBool { return types.contains(.boolean) }
        return value.isNull && types.contains(.null)
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

/// The schema nodes checked against one value: nearly always one or two (a `$ref` and its target), held
/// inline, so checking a value through a `$ref` allocates nothing.
struct CheckedNodes {
    private var first = -1
    private var second = -1
    private var more: Set<Int>?

    var isEmpty: Bool { first < 0 }

    /// Adds `node`; false when it was there already.
    mutating func insert(_ node: Int) -> Bool {
        if first < 0 || first == node {
            defer { first = node }
            return first < 0
        }
        if second < 0 || second == node {
            defer { second = node }
            return second < 0
        }
        if more == nil { more = [] }
        return more?.insert(node).inserted ?? true
    }
}
