import Facade
import JSON

/// What `diff` compares between two bodies: their values (`JSONDiff.compare`) or only their shapes
/// (`JSONDiff.compareShapes`), with or without the places that stayed the same.
enum VersionComparison {
    static func changes(_ a: JSONValue, _ b: JSONValue, schema: Bool, includeUnchanged: Bool) -> [JSONChange] {
        guard schema else { return JSONDiff.compare(a, b, includeUnchanged: includeUnchanged) }
        let changes = JSONDiff.compareShapes(a, b)
        guard includeUnchanged else { return changes }
        return interleavingUnchangedShapes(changes, a, b)
    }

    /// The shape changes with one `unchanged` entry per place both shapes share with the same type, in
    /// `a`'s field order (what `--schema --all` lists); places only one side has keep their change.
    static func interleavingUnchangedShapes(_ changes: [JSONChange], _ a: JSONValue, _ b: JSONValue) -> [JSONChange] {
        let typesB = Dictionary(b.shape.flattened.map { ($0.path, $0.type) }, uniquingKeysWith: { first, _ in first })
        var byPath: [String: JSONChange] = [:]
        for change in changes where byPath[change.path] == nil { byPath[change.path] = change }
        var result: [JSONChange] = []
        var emitted = Set<String>()
        func emit(_ change: JSONChange) {
            guard emitted.insert(change.path).inserted else { return }
            result.append(change)
        }
        // The root's own row (`.`) is only in the changes: a retyped root.
        if let root = byPath["."] { emit(root) }
        for (path, type) in a.shape.flattened {
            if let change = byPath[path] {
                emit(change)
            } else if typesB[path] == type {
                emit(JSONChange(path: path, kind: .unchanged, aType: type, bType: type))
            }
        }
        for change in changes { emit(change) }
        return result
    }
}
