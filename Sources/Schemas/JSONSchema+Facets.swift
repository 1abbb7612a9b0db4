import JSON
/// Keywords the merged face (`SchemaView`) leaves out, read where they are written: on the schema or on
/// what it merges (`allOf`, `$ref`, the schema of an "or null"), for spec diffs.
extension JSONSchema {
    /// How many schemas one facet lookup visits at most.
    @usableFromInline static let facetVisitLimit = 64

    /// The first value `pick` finds on the schema, else depth first on what it merges. Inlinable, so that a
    /// spec diff's twenty-odd facets of every pair it compares are specialized where they are asked: left
    /// generic, each call looked its types' metadata up at run time (realdiff-stripe).
    @inlinable package func facet<Value>(_ pick: (SchemaNode) -> Value?) -> Value? {
        // Most schemas merge nothing: their own keywords are all there is, and nothing need be allocated.
        let own = graph.node(node)
        if let value = pick(own) { return value }
        guard !own.mergeSources.isEmpty || own.anyOf.count > 1 || own.oneOf.count > 1 else { return nil }
        var stack = [node]
        var seen = Set<Int>()
        while let current = stack.popLast(), seen.count < Self.facetVisitLimit {
            guard seen.insert(current).inserted else { continue }
            let written = graph.node(current)
            if let value = pick(written) { return value }
            var next = written.mergeSources.compactMap { $0 }
            // An "or null" (`anyOf: [X, {type: null}]`) shows as X: X's keywords are its.
            if graph.viewHasNoAlternatives(current) {
                next += written.anyOf.count > 1 ? written.anyOf : written.oneOf.count > 1 ? written.oneOf : []
            }
            stack += next.reversed().map { graph.target($0) }
        }
        return nil
    }

    /// The `additionalProperties` schema, when it is one (not `true`/`false` or absent).
    package var additionalPropertiesSchema: JSONSchema? {
        facet { $0.additionalProperties }.map { JSONSchema(graph: graph, index: $0) }
    }
}
