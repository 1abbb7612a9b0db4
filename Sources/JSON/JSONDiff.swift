/// Structural comparison of two JSON values, as `diff SERVICE A B` shows when moving between API versions.
///
/// - Objects are compared member by member, ignoring order; changes are listed in `a`'s member order,
///   then members only `b` has.
/// - Arrays whose elements (on both sides) are all objects with a unique scalar `id` — or else `_id` —
///   are matched by that identity, so reordering is not a change; their paths read `data[_id=t01].likeCount`
///   (a `JSONPath` that selects the same element). Other arrays are matched by index (`items[3]`).
/// - A place whose `typeName` differs is a type change, even when the values look alike (`"63"` vs `63`);
///   the comparison does not descend further there.
/// - Scalars of the same type are compared by value (numbers by exact decimal value, so `1.0` equals `1`).
public enum JSONDiff {
    /// The differences between `a` and `b`; with `includeUnchanged`, also one `unchanged` entry per equal
    /// scalar (and per equal empty object or array).
    public static func compare(_ a: JSONValue, _ b: JSONValue, includeUnchanged: Bool = false) -> [JSONChange] {
        var walker = ValueWalker(includeUnchanged: includeUnchanged)
        walker.compare(a, b, path: "")
        return walker.changes
    }

    /// The differences between the inferred shapes of `a` and `b` (field → type, values ignored): fields
    /// added or removed and places whose type changed, using the paths of `JSONShape.flattened`
    /// (`forecast[].high`). Places below an added, removed or retyped place are reported only when they
    /// exist on both sides.
    public static func compareShapes(_ a: JSONValue, _ b: JSONValue) -> [JSONChange] {
        let rowsA = a.shape.flattened(includingRoot: true)
        let rowsB = b.shape.flattened(includingRoot: true)
        let typesA = Dictionary(rowsA.map { ($0.path, $0.type) }, uniquingKeysWith: { first, _ in first })
        let typesB = Dictionary(rowsB.map { ($0.path, $0.type) }, uniquingKeysWith: { first, _ in first })
        var changes: [JSONChange] = []
        func isConsequence(_ path: String) -> Bool {
            changes.contains { isBelow(path, $0.path) }
        }
        for (path, typeA) in rowsA {
            if let typeB = typesB[path] {
                if typeA != typeB {
                    changes.append(JSONChange(path: path, kind: .typeChanged, aType: typeA, bType: typeB))
                }
            } else if !isConsequence(path) {
                changes.append(JSONChange(path: path, kind: .removed, aType: typeA, bType: nil))
            }
        }
        for (path, typeB) in rowsB where typesA[path] == nil && !isConsequence(path) {
            changes.append(JSONChange(path: path, kind: .added, aType: nil, bType: typeB))
        }
        return changes
    }

    /// Whether shape path `path` lies strictly inside `ancestor`.
    private static func isBelow(_ path: String, _ ancestor: String) -> Bool {
        if ancestor == "." { return path != "." }
        return path.count > ancestor.count && path.hasPrefix(ancestor)
            && (path.dropFirst(ancestor.count).first.map { $0 == "." || $0 == "[" } ?? false)
    }

    private struct ValueWalker {
        let includeUnchanged: Bool
        var changes: [JSONChange] = []

        init(includeUnchanged: Bool) {
            self.includeUnchanged = includeUnchanged
        }

        mutating func compare(_ a: JSONValue, _ b: JSONValue, path: String) {
            if !includeUnchanged, a == b { return }
            switch (a, b) {
            case (.object(let first), .object(let second)) where !(first.isEmpty && second.isEmpty):
                for (key, value) in first {
                    let memberPath = JSONPath.appending(key: key, to: path)
                    if let other = second[key] {
                        compare(value, other, path: memberPath)
                    } else {
                        record(memberPath, .removed, value, nil)
                    }
                }
                for (key, value) in second where first[key] == nil {
                    record(JSONPath.appending(key: key, to: path), .added, nil, value)
                }
            case (.array(let first), .array(let second)) where !(first.isEmpty && second.isEmpty):
                if let field = JSONDiff.identityField(first, second) {
                    compareByIdentity(first, second, field: field, path: path)
                } else {
                    compareByIndex(first, second, path: path)
                }
            default:
                if a.typeName != b.typeName {
                    record(path, .typeChanged, a, b)
                } else if a == b {
                    record(path, .unchanged, a, b)
                } else {
                    record(path, .valueChanged, a, b)
                }
            }
        }

        private mutating func compareByIndex(_ first: [JSONValue], _ second: [JSONValue], path: String) {
            for position in 0..<max(first.count, second.count) {
                let elementPath = path + "[\(position)]"
                switch (position < first.count, position < second.count) {
                case (true, true): compare(first[position], second[position], path: elementPath)
                case (true, false): record(elementPath, .removed, first[position], nil)
                default: record(elementPath, .added, nil, second[position])
                }
            }
        }

        private mutating func compareByIdentity(_ first: [JSONValue], _ second: [JSONValue], field: String, path: String) {
            func identity(_ element: JSONValue) -> String { element[field]?.displayText ?? "" }
            var secondPositions: [String: Int] = [:]
            for (position, element) in second.enumerated() { secondPositions[identity(element)] = position }
            var firstIdentities = Set<String>()
            for element in first {
                let id = identity(element)
                firstIdentities.insert(id)
                let elementPath = JSONPath.appending(field: field, value: id, to: path)
                if let position = secondPositions[id] {
                    compare(element, second[position], path: elementPath)
                } else {
                    record(elementPath, .removed, element, nil)
                }
            }
            for element in second where !firstIdentities.contains(identity(element)) {
                record(JSONPath.appending(field: field, value: identity(element), to: path), .added, nil, element)
            }
        }

        private mutating func record(_ path: String, _ kind: JSONChange.Kind, _ a: JSONValue?, _ b: JSONValue?) {
            guard kind != .unchanged || includeUnchanged else { return }
            changes.append(JSONChange(path: path.isEmpty ? "." : path, kind: kind, a: a, b: b))
        }
    }

    /// `id` or else `_id` when every element of both arrays is an object with that member holding a
    /// string or number, unique within each array; `nil` otherwise (match by index).
    package static func identityField(_ first: [JSONValue], _ second: [JSONValue]) -> String? {
        candidates: for field in ["id", "_id"] {
            for elements in [first, second] {
                var seen = Set<String>()
                for element in elements {
                    switch element[field] {
                    case let id? where id.stringValue != nil || id.numberValue != nil:
                        guard seen.insert(id.displayText).inserted else { continue candidates }
                    default:
                        continue candidates
                    }
                }
            }
            return field
        }
        return nil
    }
}
