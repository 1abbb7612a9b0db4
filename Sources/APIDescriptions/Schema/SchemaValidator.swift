import FoundationFree
import JSON
/// Checks a value against a node of a `SchemaGraph`, collecting up to `limit` failures.
///
/// Bounded on every axis: values nest at most `depthLimit` levels (the parser's own limit), schemas that
/// only lead to other schemas (`$ref`, `allOf`, `anyOf`, `oneOf`) without descending into the value are
/// followed at most `hopLimit` times in a row, so `allOf` cycles end, a schema reached twice for the same
/// value (an `allOf` diamond) is checked once, and `budget` caps the work of one validation: every
/// schema/value visit, enum lookup and `anyOf`/`oneOf` branch tried, so nested `anyOf`s cannot explode.
/// Beyond a bound the value is not checked further, and the check says where it stopped and why: a
/// failure of its own (`stoppedFailure`), so a check cut short is never a pass. A tripped `cancellation`
/// (looked at every few thousand steps) stops it with `DecodeFailure.cancelled`.
struct SchemaValidator {
    static let depthLimit = 512
    static let hopLimit = 64
    static let defaultBudget = 2_000_000

    let graph: SchemaGraph
    let limit: Int
    let cancellation: CancellationToken?
    private(set) var failures: [DecodeFailure] = []
    private(set) var wasCancelled = false
    /// Where a bound stopped the check, and which bound; the first one met.
    private(set) var stopped: (path: String, reason: String)?
    private var budget = SchemaValidator.defaultBudget
    /// The nodes already checked against the value being looked at, reached through `$ref`/`allOf`.
    private var checkedHere = Set<Int>()

    init(graph: SchemaGraph, limit: Int, cancellation: CancellationToken? = nil) {
        self.graph = graph
        self.limit = max(0, limit)
        self.cancellation = cancellation
    }

    private var isDone: Bool { failures.count >= limit || budget <= 0 }

    mutating func check(_ value: JSONValue, against index: Int, path: String) {
        check(value, against: index, path: path, depth: 0, hops: 0)
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

    private mutating func stop(at path: String, _ reason: @autoclosure () -> String) {
        if stopped == nil, !wasCancelled { stopped = (path, reason()) }
    }

    /// Whether a bound (not the failure limit) ends the check here; notes where.
    private mutating func isStopped(at path: String) -> Bool {
        guard budget <= 0 else { return false }
        stop(at: path, "past its work budget of \(Self.defaultBudget) steps")
        return true
    }

    private mutating func spend(_ amount: Int) {
        let before = budget
        budget -= amount
        if before >> 12 != budget >> 12, cancellation?.isCancelled == true {
            wasCancelled = true
            budget = 0
        }
    }

    /// Checks a value nested in the current one: what was checked against the current one does not count.
    private mutating func checkNested(_ value: JSONValue, against start: Int, path: String, depth: Int) {
        let outer = checkedHere
        checkedHere = []
        check(value, against: start, path: path, depth: depth, hops: 0)
        checkedHere = outer
    }

    private mutating func check(_ value: JSONValue, against start: Int, path: String, depth: Int, hops: Int) {
        guard !isStopped(at: path), failures.count < limit else { return }
        guard depth < Self.depthLimit else { return stop(at: path, "values nested past \(Self.depthLimit) levels") }
        guard hops < Self.hopLimit else { return stop(at: path, "a $ref/allOf/anyOf chain past \(Self.hopLimit) links") }
        spend(1)
        let index = graph.targets[start]
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
        if node.nullable, value.isNull { return }
        if !node.types.isEmpty, !node.types.contains(where: { Self.value(value, hasType: $0) }) {
            fail(path, expected: Self.expectedText(node.types, nullable: node.nullable), found: value)
            return
        }
        if let values = node.enumValues {
            spend(node.enumSet == nil ? values.count : 1)
            if !(node.enumSet?.contains(value) ?? values.contains(value)) {
                fail(path, expected: "one of " + Self.listed(values), found: value)
                return
            }
        }
        if let constant = node.constValue, constant != value {
            fail(path, expected: Self.shown(constant), found: value)
            return
        }
        // `$ref`, `allOf` and `properties` in the order they are written, so failures read in the merged
        // property order that `JSONSchema.properties` shows.
        var membersChecked = false
        for source in node.mergeSources {
            if let source {
                if checkedHere.isEmpty { checkedHere.insert(index) }
                if checkedHere.insert(graph.targets[source]).inserted {
                    check(value, against: source, path: path, depth: depth, hops: hops + 1)
                }
            } else if case .object(let object) = value {
                checkMembers(of: object, against: node, path: path, depth: depth)
                membersChecked = true
            }
        }
        if !node.anyOf.isEmpty {
            let matching = matches(value, among: node.anyOf, stopAtFirst: true, path: path, depth: depth, hops: hops)
            if matching.isEmpty { fail(path, expected: "one of: " + names(node.anyOf), found: value) }
        }
        if !node.oneOf.isEmpty {
            let matching = matches(value, among: node.oneOf, stopAtFirst: false, path: path, depth: depth, hops: hops)
            if matching.isEmpty {
                fail(path, expected: "one of: " + names(node.oneOf), found: value)
            } else if matching.count > 1 {
                failures.append(DecodeFailure(
                    path: path, expected: "exactly one of: " + names(node.oneOf),
                    found: DecodeFailure.found(value) + " matching " + names(matching)))
            }
        }
        switch value {
        case .object(let object) where !membersChecked:
            checkMembers(of: object, against: node, path: path, depth: depth)
        case .array(let elements):
            if let items = node.items {
                for (offset, element) in elements.enumerated() {
                    guard !isDone else {
                        _ = isStopped(at: path + "[\(offset)]")
                        return
                    }
                    checkNested(element, against: items, path: path + "[\(offset)]", depth: depth + 1)
                }
            }
        default:
            break
        }
    }

    private mutating func checkMembers(of object: JSONObject, against node: SchemaNode, path: String, depth: Int) {
        let required = Set(node.required)
        for (name, schema) in node.properties {
            guard !isDone else { return }
            let memberPath = JSONPath.appending(key: name, to: path)
            if let member = object[name] {
                checkNested(member, against: schema, path: memberPath, depth: depth + 1)
            } else if required.contains(name) {
                failures.append(DecodeFailure(path: memberPath, expected: "a value", found: "no such field"))
            }
        }
        for name in node.required where object[name] == nil && !node.properties.contains(where: { $0.name == name }) {
            guard !isDone else { return }
            failures.append(DecodeFailure(path: JSONPath.appending(key: name, to: path), expected: "a value", found: "no such field"))
        }
    }

    /// The branches `value` matches, each tried on its own with the shared budget.
    private mutating func matches(_ value: JSONValue, among branches: [Int], stopAtFirst: Bool, path: String, depth: Int, hops: Int) -> [Int] {
        var matching: [Int] = []
        for branch in branches {
            guard budget > 0 else { break }
            spend(1)
            var trial = SchemaValidator(graph: graph, limit: 1, cancellation: cancellation)
            trial.budget = budget
            trial.check(value, against: branch, path: path, depth: depth, hops: hops + 1)
            budget = trial.budget
            if trial.wasCancelled {
                wasCancelled = true
                break
            }
            if let stopped = trial.stopped {
                // A branch cut short is neither a match nor a miss: the whole check stopped.
                stop(at: stopped.path, stopped.reason)
                break
            }
            if trial.failures.isEmpty {
                matching.append(branch)
                if stopAtFirst { break }
            }
        }
        return matching
    }

    private func names(_ branches: [Int]) -> String {
        branches.map { JSONSchema(graph: graph, index: $0).displayName }.joined(separator: ", ")
    }

    private mutating func fail(_ path: String, expected: String, found value: JSONValue) {
        let failure = DecodeFailure(path: path, expected: expected, found: DecodeFailure.found(value))
        if !failures.contains(failure) { failures.append(failure) }
    }

    static func value(_ value: JSONValue, hasType type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("object", .object), ("array", .array),
             ("null", .null), ("number", .number):
            return true
        case ("integer", .number(let number)):
            return number.isInteger
        default:
            return false
        }
    }

    /// `number`, `string or null`, `integer, string or null`.
    private static func expectedText(_ types: [String], nullable: Bool) -> String {
        var names = types
        if nullable, !names.contains("null") { names.append("null") }
        guard names.count > 1, let last = names.last else { return names.first ?? "any value" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `"a", "b", 3` — at most 10, then `…`.
    private static func listed(_ values: [JSONValue]) -> String {
        let shownValues = values.prefix(10).map(shown)
        return shownValues.joined(separator: ", ") + (values.count > 10 ? ", …" : "")
    }

    private static func shown(_ value: JSONValue) -> String {
        let text = value.encoded()
        return text.count > 40 ? String(text.prefix(37)) + "…" : text
    }
}
