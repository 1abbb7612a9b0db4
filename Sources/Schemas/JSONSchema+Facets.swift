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
        var found: Value?
        visitMerged { written in
            found = pick(written)
            return found != nil
        }
        return found
    }

    /// Shows `visit` the schema's own node, then depth first what it merges, each node once and at most
    /// `facetVisitLimit` of them, until `visit` returns true: the nodes `facet` looks at, in its order.
    @inlinable package func visitMerged(_ visit: (SchemaNode) -> Bool) {
        // Most schemas merge nothing: their own keywords are all there is, and nothing need be allocated.
        let own = graph.node(node)
        if visit(own) { return }
        guard !own.mergeSources.isEmpty
            || (own.anyOf.count > 1 || own.oneOf.count > 1) && graph.viewHasNoAlternatives(node) else { return }
        var stack = mergedNext(own, at: node)
        // At most `facetVisitLimit` nodes are seen: a list is quicker to look through than a set to hash.
        var seen = [node]
        seen.reserveCapacity(8)
        while let current = stack.popLast(), seen.count < Self.facetVisitLimit {
            guard !seen.contains(current) else { continue }
            seen.append(current)
            let written = graph.node(current)
            if visit(written) { return }
            stack += mergedNext(written, at: current)
        }
    }

    /// What the node `index` (written as `written`) merges, the first last: an "or null" (`anyOf: [X, {type:
    /// null}]`) shows as X, so X's keywords are its.
    @inlinable @usableFromInline func mergedNext(_ written: SchemaNode, at index: Int) -> [Int] {
        var next = written.mergeSources.compactMap { $0 }
        if graph.viewHasNoAlternatives(index) {
            next += written.anyOf.count > 1 ? written.anyOf : written.oneOf.count > 1 ? written.oneOf : []
        }
        return next.reversed().map { graph.target($0) }
    }

    /// The `additionalProperties` schema, when it is one (not `true`/`false` or absent).
    package var additionalPropertiesSchema: JSONSchema? {
        facet { $0.additionalProperties }.map { JSONSchema(graph: graph, index: $0) }
    }
}
