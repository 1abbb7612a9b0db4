import FoundationFree
import JSON
/// The keywords of one type of value, and the applicators that try subschemas (`anyOf`, `oneOf`, `not`,
/// `if`, `contains`).
extension SchemaValidator {
    /// How an `anyOf`/`oneOf` failure is worded, for `OpenAPIRequestCheck` to say it in a request's words.
    package static let oneOfPrefix = "one of: "
    package static let exactlyOnePrefix = "exactly one of: "
    package static let matchingInfix = " matching "

    /// The outcome of trying a value against a subschema on the side: whether it matched, what it evaluated,
    /// and its first failures. Nil when the try was cut short, which stops the whole check.
    struct Trial {
        var passed: Bool
        var evaluated: Evaluated?
        var failures: [DecodeFailure]
    }

    mutating func trial<Value: SchemaInstance>(_ value: Value, against branch: Int, path: ValuePath, depth: Int, hops: Int,
                        collect: Bool, limit: Int = 1) -> Trial? {
        spend(1)
        var trial = SchemaValidator(graph: graph, limit: limit, cancellation: cancellation, use: use)
        trial.budget = budget
        trial.initialBudget = initialBudget
        trial.scope = scope
        var evaluated: Evaluated? = collect ? Evaluated() : nil
        trial.check(value, against: branch, path: path, depth: depth, hops: hops + 1, evaluated: &evaluated)
        budget = trial.budget
        if trial.wasCancelled {
            wasCancelled = true
            budget = 0
            return nil
        }
        if let stopped = trial.stopped {
            // A branch cut short is neither a match nor a miss: the whole check stopped.
            stop(atWritten: stopped.path, stopped.reason)
            budget = 0
            return nil
        }
        return Trial(passed: trial.failures.isEmpty, evaluated: evaluated, failures: trial.failures)
    }

    // MARK: Numbers and strings

    mutating func checkNumber<Value: SchemaInstance>(_ instance: Value, _ node: SchemaNode, path: ValuePath) {
        guard node.minimum != nil || node.maximum != nil || node.multipleOf != nil, let number = instance.number else { return }
        let double = number.double
        var exact: SchemaDecimal?
        // The exact decimal only when the nearest doubles cannot tell: rounding keeps order, so doubles
        // that differ order their decimals the same way.
        func order(to bound: SchemaNode.Bound) -> Int {
            if let double, let other = bound.double, double != other { return double < other ? -1 : 1 }
            let value = exact ?? SchemaDecimal(number)
            exact = value
            return SchemaDecimal.compare(value, bound.value)
        }
        if let minimum = node.minimum {
            let order = order(to: minimum)
            if order < 0 || (order == 0 && minimum.exclusive) {
                fail(path, expected: (minimum.exclusive ? "a number above " : "a number of at least ") + minimum.number.text, found: JSONValue.number(number))
            }
        }
        if let maximum = node.maximum {
            let order = order(to: maximum)
            if order > 0 || (order == 0 && maximum.exclusive) {
                fail(path, expected: (maximum.exclusive ? "a number below " : "a number of at most ") + maximum.number.text, found: JSONValue.number(number))
            }
        }
        if let divisor = node.multipleOf {
            switch (exact ?? SchemaDecimal(number)).isMultiple(of: divisor.value) {
            case true?: break
            case false?: fail(path, expected: "a multiple of " + divisor.number.text, found: JSONValue.number(number))
            case nil: stop(at: path, "\(Self.shown(JSONValue.number(number))) is too long to divide by \(divisor.number.text)")
            }
        }
    }

    mutating func checkString<Value: SchemaInstance>(_ value: Value, _ node: SchemaNode, path: ValuePath) {
        if node.minLength != nil || node.maxLength != nil, let length = value.stringLength {
            // Lengths count code points, as JSON Schema does (not UTF-16 units, not grapheme clusters).
            spend(1 + length >> 8)
            if let minimum = node.minLength, length < minimum {
                fail(path, expected: "at least \(minimum) character\(minimum == 1 ? "" : "s")", found: value)
            }
            if let maximum = node.maxLength, length > maximum {
                fail(path, expected: "at most \(maximum) character\(maximum == 1 ? "" : "s")", found: value)
            }
        }
        if let pattern = node.pattern, let text = value.string, let matched = matches(pattern, text, path: path), !matched {
            fail(path, expected: "a string matching /\(pattern.source)/", found: value)
        }
    }

    /// Whether `text` matches; nil (and a stop) when the pattern cannot be matched or the match is too costly.
    mutating func matches(_ pattern: SchemaNode.Pattern, _ text: String, path: ValuePath) -> Bool? {
        guard let regex = pattern.regex else {
            stop(at: path, "its pattern /\(pattern.source)/ cannot be matched: \(pattern.failure ?? "unsupported")")
            return nil
        }
        spend(1 + text.utf8.count >> 6)
        do {
            return try regex.matches(text, cancellation: cancellation)
        } catch .cancelled {
            wasCancelled = true
            budget = 0
            return nil
        } catch {
            stop(at: path, "the pattern /\(pattern.source)/ is too costly to match here")
            return nil
        }
    }

    // MARK: Objects

    /// `properties` (each declared member checked, evaluated) and `required`.
    mutating func checkMembers<Object: SchemaInstanceObject>(of object: Object, against node: SchemaNode, path: ValuePath, depth: Int,
                                                             evaluated: inout Evaluated?) {
        // Objects are mostly written in their schema's order: each member is looked for after the last found.
        var last: Int?
        let properties = node.properties
        let propertyIsRequired = node.propertyIsRequired
        for offset in properties.indices {
            guard !isDone else { return }
            let (name, schema) = properties[offset]
            if let (position, member) = object.member(named: name, after: last) {
                last = position
                checkNested(member, against: schema, path: path.appending(key: name), depth: depth + 1)
            } else if !propertyIsRequired.isEmpty, propertyIsRequired[offset], isRequired(schema) {
                fail(DecodeFailure(path: path.appending(key: name).text, expected: "a value", found: "no such field"))
            }
        }
        // Required properties that `properties` declares were looked for above; the others are looked for here.
        for name in node.requiredBeyondProperties where !object.has(name) {
            guard !isDone else { return }
            fail(DecodeFailure(path: path.appending(key: name).text, expected: "a value", found: "no such field"))
        }
        if evaluated != nil, !node.properties.isEmpty {
            for (position, key, _) in object.members where node.properties.contains(where: { JSONObject.same($0.name, key) }) {
                evaluated?.members.insert(position)
            }
        }
    }

    /// A required property a request need not send (`readOnly`) or an answer need not hold (`writeOnly`).
    private func isRequired(_ schema: Int) -> Bool {
        let view = graph.view(schema)
        switch use {
        case .request: return !view.readOnly
        case .response: return !view.writeOnly
        case .any: return true
        }
    }

    /// `patternProperties`, `additionalProperties`, `propertyNames`, `dependentRequired`,
    /// `dependentSchemas` and the member counts.
    mutating func checkObject<Value: SchemaInstance>(_ object: Value.Object, of value: Value, _ node: SchemaNode, path: ValuePath, depth: Int, hops: Int, evaluated: inout Evaluated?) {
        if let minimum = node.minProperties, object.count < minimum {
            fail(DecodeFailure(path: path.text, expected: "an object of at least \(minimum) field\(minimum == 1 ? "" : "s")", found: "\(object.count)"))
        }
        if let maximum = node.maxProperties, object.count > maximum {
            fail(DecodeFailure(path: path.text, expected: "an object of at most \(maximum) field\(maximum == 1 ? "" : "s")", found: "\(object.count)"))
        }
        let needsMembers = !node.patternProperties.isEmpty || node.additionalProperties != nil || node.propertyNames != nil
        if needsMembers {
            for (position, key, member) in object.members {
                guard !isDone else { return }
                let memberPath = path.appending(key: key)
                if let names = node.propertyNames {
                    let outer = checkedHere
                    checkedHere = CheckedNodes()
                    var ignored: Evaluated?
                    let before = failures.count
                    check(JSONValue.string(key), against: names, path: memberPath, depth: depth + 1, hops: 0, evaluated: &ignored)
                    checkedHere = outer
                    if failures.count > before {
                        let cause = failures.removeLast()
                        fail(DecodeFailure(path: memberPath.text, expected: "a field name that is " + cause.expected, found: "the name \"\(key)\""))
                    }
                }
                var matched = node.properties.contains { JSONObject.same($0.name, key) }
                for (pattern, schema) in node.patternProperties {
                    guard let found = matches(pattern, key, path: memberPath) else { return }
                    guard found else { continue }
                    matched = true
                    checkNested(member, against: schema, path: memberPath, depth: depth + 1)
                }
                if matched {
                    evaluated?.members.insert(position)
                    continue
                }
                if let additional = node.additionalProperties {
                    evaluated?.members.insert(position)
                    if graph.node(graph.target(additional)).kind == .nothing {
                        fail(memberPath, expected: "no such field (additionalProperties is false)", found: member)
                    } else {
                        checkNested(member, against: additional, path: memberPath, depth: depth + 1)
                    }
                }
            }
        }
        for (name, required) in node.dependentRequired where object.has(name) {
            for other in required where !object.has(other) {
                guard !isDone else { return }
                fail(DecodeFailure(path: path.appending(key: other).text, expected: "a value (required with '\(name)')", found: "no such field"))
            }
        }
        for (name, schema) in node.dependentSchemas where object.has(name) {
            guard !isDone else { return }
            check(value, against: schema, path: path, depth: depth, hops: hops + 1, evaluated: &evaluated)
        }
    }

    mutating func checkUnevaluatedProperties<Object: SchemaInstanceObject>(_ object: Object, _ node: SchemaNode, path: ValuePath, depth: Int, evaluated: inout Evaluated) {
        guard let schema = node.unevaluatedProperties else { return }
        let refuses = graph.node(graph.target(schema)).kind == .nothing
        for (position, key, member) in object.members where !evaluated.hasMember(position) {
            guard !isDone else { return }
            let memberPath = path.appending(key: key)
            if refuses {
                fail(memberPath, expected: "no such field (unevaluatedProperties is false)", found: member)
            } else {
                checkNested(member, against: schema, path: memberPath, depth: depth + 1)
            }
        }
        evaluated.allMembers = true
    }

    // MARK: Arrays

    mutating func checkArray<Value: SchemaInstance>(_ value: Value, _ node: SchemaNode, path: ValuePath, depth: Int, hops: Int,
                                                    evaluated: inout Evaluated?) {
        let count = value.elementCount
        if let minimum = node.minItems, count < minimum {
            fail(DecodeFailure(path: path.text, expected: "at least \(minimum) item\(minimum == 1 ? "" : "s")", found: "\(count)"))
        }
        if let maximum = node.maxItems, count > maximum {
            fail(DecodeFailure(path: path.text, expected: "at most \(maximum) item\(maximum == 1 ? "" : "s")", found: "\(count)"))
        }
        if node.uniqueItems { checkUnique(value, path: path) }
        let prefix = min(node.prefixItems.count, count)
        if prefix > 0 || node.items != nil {
            for (offset, element) in value.elements.enumerated() {
                let schema = offset < prefix ? node.prefixItems[offset] : node.items
                guard let schema else { break }
                guard !isDone else {
                    _ = isStopped(at: path.appending(index: offset))
                    return
                }
                checkNested(element, against: schema, path: path.appending(index: offset), depth: depth + 1)
            }
        }
        if prefix > 0, let known = evaluated?.prefix { evaluated?.prefix = max(known, prefix) }
        if node.items != nil { evaluated?.allItems = true }
        if let contains = node.contains { checkContains(value, contains, node, path: path, depth: depth, evaluated: &evaluated) }
    }

    private mutating func checkContains<Value: SchemaInstance>(_ value: Value, _ contains: Int, _ node: SchemaNode, path: ValuePath, depth: Int,
                                        evaluated: inout Evaluated?) {
        let minimum = node.minContains ?? 1
        var matching = 0
        for (offset, element) in value.elements.enumerated() {
            let outer = checkedHere
            checkedHere = CheckedNodes()
            let result = trial(element, against: contains, path: path.appending(index: offset), depth: depth + 1, hops: -1, collect: false)
            checkedHere = outer
            guard let result else { return }
            if result.passed {
                matching += 1
                evaluated?.items.insert(offset)
            }
            // Without `maxContains` or `unevaluatedItems` to answer, enough matches end the search.
            if matching >= minimum, node.maxContains == nil, evaluated == nil { break }
        }
        let name = JSONSchema(graph: graph, index: contains).displayName
        if matching < minimum {
            fail(DecodeFailure(path: path.text, expected: "at least \(minimum) item\(minimum == 1 ? "" : "s") matching \(name)",
                               found: "\(matching) in an array of \(value.elementCount)"))
        }
        if let maximum = node.maxContains, matching > maximum {
            fail(DecodeFailure(path: path.text, expected: "at most \(maximum) item\(maximum == 1 ? "" : "s") matching \(name)",
                               found: "\(matching)"))
        }
    }

    private mutating func checkUnique<Value: SchemaInstance>(_ value: Value, path: ValuePath) {
        spend(value.elementCount)
        var seen: [JSONEquality.Key: Int] = [:]
        seen.reserveCapacity(value.elementCount)
        for (offset, element) in value.elements.enumerated() {
            if let first = seen.updateValue(offset, forKey: JSONEquality.Key(element.tree)) {
                fail(DecodeFailure(path: path.text, expected: "unique items", found: "items \(first) and \(offset) equal"))
                return
            }
        }
    }

    mutating func checkUnevaluatedItems<Value: SchemaInstance>(_ value: Value, _ node: SchemaNode, path: ValuePath, depth: Int,
                                                               evaluated: inout Evaluated) {
        guard let schema = node.unevaluatedItems else { return }
        let refuses = graph.node(graph.target(schema)).kind == .nothing
        for (offset, element) in value.elements.enumerated() where !evaluated.hasItem(offset) {
            guard !isDone else { return }
            if refuses {
                fail(path.appending(index: offset), expected: "no such item (unevaluatedItems is false)", found: element)
            } else {
                checkNested(element, against: schema, path: path.appending(index: offset), depth: depth + 1)
            }
        }
        evaluated.allItems = true
    }

    // MARK: Composition

    /// `$dynamicRef`, `anyOf`, `oneOf` (a `discriminator` picking the branch), `not` and `if`/`then`/`else`.
    mutating func applyComposition<Value: SchemaInstance>(_ value: Value, _ node: SchemaNode, path: ValuePath, depth: Int, hops: Int, evaluated: inout Evaluated?) {
        if let dynamic = node.dynamicRef {
            var target = dynamic.target
            if let anchor = dynamic.anchor {
                for base in scope {
                    if let found = graph.dynamicAnchor(in: base, named: anchor) {
                        target = found
                        break
                    }
                }
            }
            check(value, against: target, path: path, depth: depth, hops: hops + 1, evaluated: &evaluated)
        }
        let branches = node.oneOf.isEmpty ? node.anyOf : node.oneOf
        if let discriminator = node.discriminator, let object = value.object, !branches.isEmpty {
            checkDiscriminated(object, of: value, discriminator, branches: branches, path: path, depth: depth, hops: hops, evaluated: &evaluated)
        } else {
            if !node.anyOf.isEmpty { checkAlternatives(value, node.anyOf, exactlyOne: false, path: path, depth: depth, hops: hops, evaluated: &evaluated) }
            if !node.oneOf.isEmpty { checkAlternatives(value, node.oneOf, exactlyOne: true, path: path, depth: depth, hops: hops, evaluated: &evaluated) }
        }
        if let not = node.not, !isDone {
            guard let result = trial(value, against: not, path: path, depth: depth, hops: hops, collect: false) else { return }
            if result.passed {
                fail(path, expected: "a value that is not " + JSONSchema(graph: graph, index: not).displayName, found: value)
            }
        }
        if let condition = node.ifSchema, !isDone {
            guard let result = trial(value, against: condition, path: path, depth: depth, hops: hops, collect: evaluated != nil) else { return }
            if result.passed, let conditionEvaluated = result.evaluated { evaluated?.merge(conditionEvaluated) }
            if let branch = result.passed ? node.thenSchema : node.elseSchema {
                check(value, against: branch, path: path, depth: depth, hops: hops + 1, evaluated: &evaluated)
            }
        }
    }

    /// `anyOf` (some branch) or `oneOf` (exactly one). Every branch is tried when what they evaluate counts
    /// (`unevaluated*`) or exactly one must match; otherwise the first match ends the search.
    private mutating func checkAlternatives<Value: SchemaInstance>(_ value: Value, _ branches: [Int], exactlyOne: Bool, path: ValuePath, depth: Int, hops: Int,
                                            evaluated: inout Evaluated?) {
        var matching: [Int] = []
        var matchedEvaluated: [Evaluated] = []
        for branch in branches {
            guard budget > 0 else { break }
            guard let result = trial(value, against: branch, path: path, depth: depth, hops: hops, collect: evaluated != nil) else { return }
            if result.passed {
                matching.append(branch)
                if let branchEvaluated = result.evaluated { matchedEvaluated.append(branchEvaluated) }
                if !exactlyOne, evaluated == nil { break }
            }
        }
        guard budget > 0 || !matching.isEmpty else { return }
        if matching.isEmpty {
            fail(DecodeFailure(path: path.text, expected: Self.oneOfPrefix + names(branches), found: DecodeFailure.found(value.tree) + closest(value, branches, path: path, depth: depth, hops: hops)))
        } else if exactlyOne, matching.count > 1 {
            fail(DecodeFailure(path: path.text, expected: Self.exactlyOnePrefix + names(branches),
                               found: DecodeFailure.found(value.tree) + Self.matchingInfix + names(matching)))
        } else {
            for branchEvaluated in matchedEvaluated { evaluated?.merge(branchEvaluated) }
        }
    }

    /// `; closest: Pet (name: expected a value, found no such field)`: the branch that failed the least —
    /// deepest first, then with the fewest failures — and its first failure.
    private mutating func closest<Value: SchemaInstance>(_ value: Value, _ branches: [Int], path: ValuePath, depth: Int, hops: Int) -> String {
        guard branches.count > 1, value.isObject || value.isArray else { return "" }
        let here = path.text
        var best: (branch: Int, failure: DecodeFailure, score: (Int, Int))?
        for branch in branches {
            guard let result = trial(value, against: branch, path: path, depth: depth, hops: hops, collect: false, limit: 3),
                  let first = result.failures.first
            else { return "" }
            let score = (first.path == here ? 1 : 0, result.failures.count)
            if let current = best, current.score <= score { continue }
            best = (branch, first, score)
        }
        guard let best, best.score.0 == 0 else { return "" }
        return "; closest: \(JSONSchema(graph: graph, index: best.branch).displayName) (\(best.failure.description))"
    }

    /// OpenAPI's `discriminator`: the property's value names the branch (by `mapping`, else by component
    /// name), and only that branch is checked, so its failures are the ones reported.
    private mutating func checkDiscriminated<Value: SchemaInstance>(_ object: Value.Object, of value: Value, _ discriminator: SchemaNode.Discriminator, branches: [Int],
                                             path: ValuePath, depth: Int, hops: Int, evaluated: inout Evaluated?) {
        let propertyPath = path.appending(key: discriminator.propertyName)
        guard let member = object.member(named: discriminator.propertyName, after: nil)?.value else {
            fail(DecodeFailure(path: propertyPath.text, expected: "a value (it picks one of: \(names(branches)))", found: "no such field"))
            return
        }
        guard let name = member.string else {
            fail(propertyPath, expected: "a string naming one of: " + names(branches), found: member)
            return
        }
        var chosen: Int?
        if let mapped = discriminator.mapping.first(where: { JSONObject.same($0.value, name) }) {
            chosen = branches.first { graph.target($0) == graph.target(mapped.schema) } ?? mapped.schema
        } else {
            chosen = branches.first { branch in
                JSONSchema(graph: graph, index: branch).componentName.map { JSONObject.same($0, name) } ?? false
            }
        }
        guard let chosen else {
            let known = discriminator.mapping.map(\.value) + branches.compactMap { JSONSchema(graph: graph, index: $0).componentName }
            var unique: [String] = []
            for value in known where !unique.contains(value) { unique.append(value) }
            fail(propertyPath, expected: "one of " + Self.listed(unique.map(JSONValue.string)), found: member)
            return
        }
        check(value, against: chosen, path: path, depth: depth, hops: hops + 1, evaluated: &evaluated)
    }
}
