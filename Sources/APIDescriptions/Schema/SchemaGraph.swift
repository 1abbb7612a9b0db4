import JSON
/// The schemas of one document, read once, with subschemas as indexes so `$ref` cycles are safe.
///
/// Immutable once built: `targets` maps each node to the node validation starts from (through `$ref`s
/// that stand alone), and `views` holds each node's merged face (see `SchemaView`).
final class SchemaGraph: Sendable {
    /// How many `allOf`/`$ref` levels are merged into a view; deeper chains keep their own keywords only.
    static let mergeDepthLimit = 64

    let nodes: [SchemaNode]
    let targets: [Int]
    let views: [SchemaView]

    init(nodes: [SchemaNode]) throws(SchemaError) {
        self.nodes = nodes
        let targets = try Self.aliasTargets(nodes)
        self.targets = targets
        var merger = ViewMerger(nodes: nodes, targets: targets)
        self.views = nodes.indices.map { merger.view($0, depth: 0) }
    }

    /// Follows every chain of stand-alone `$ref`s to the schema it ends at.
    private static func aliasTargets(_ nodes: [SchemaNode]) throws(SchemaError) -> [Int] {
        var targets = Array(repeating: -1, count: nodes.count)
        for start in nodes.indices where targets[start] < 0 {
            var chain: [Int] = []
            var seen = Set<Int>()
            var current = start
            while targets[current] < 0, nodes[current].isAlias, let next = nodes[current].ref {
                guard seen.insert(current).inserted else { throw .refCycle(nodes[current].pointer.description) }
                chain.append(current)
                current = next
            }
            let end = targets[current] >= 0 ? targets[current] : current
            targets[current] = end
            for index in chain { targets[index] = end }
        }
        return targets
    }

    /// Builds views with a memo, so shared `allOf` bases are merged once, and an in-progress mark, so
    /// an `allOf` that reaches itself merges what it has instead of looping.
    private struct ViewMerger {
        let nodes: [SchemaNode]
        let targets: [Int]
        var memo: [SchemaView?]
        var inProgress: Set<Int> = []
        /// Set when a view was cut short by the depth limit or a cycle; such a view is not remembered.
        var wasCut = false

        init(nodes: [SchemaNode], targets: [Int]) {
            self.nodes = nodes
            self.targets = targets
            memo = Array(repeating: nil, count: nodes.count)
        }

        mutating func view(_ index: Int, depth: Int) -> SchemaView {
            if let view = memo[index] { return view }
            let outerCut = wasCut
            wasCut = false
            let view = compute(index, depth: depth)
            if !wasCut { memo[index] = view }
            wasCut = wasCut || outerCut
            return view
        }

        private mutating func compute(_ index: Int, depth: Int) -> SchemaView {
            let node = nodes[index]
            if node.isAlias {
                return aliasView(index, depth: depth)
            }
            var view = SchemaView(
                name: node.name, title: node.title, description: node.description, format: node.format,
                types: node.types, isNullable: node.nullable || node.types.contains("null"),
                enumValues: node.enumValues, constValue: node.constValue, required: node.required,
                items: node.items, anyOf: node.anyOf, oneOf: node.oneOf)
            view.closed = node.closed
            guard depth < SchemaGraph.mergeDepthLimit, inProgress.insert(index).inserted else {
                wasCut = true
                view.properties = node.properties
                return view
            }
            defer { inProgress.remove(index) }
            var positions: [String: Int] = [:]
            func add(_ property: (name: String, schema: Int)) {
                if let position = positions[property.name] {
                    view.properties[position].schema = property.schema
                } else {
                    positions[property.name] = view.properties.count
                    view.properties.append(property)
                }
            }
            var requiredSeen = Set(view.required)
            for source in node.mergeSources {
                guard let source else {
                    node.properties.forEach(add)
                    continue
                }
                let branch = merged(source, depth: depth)
                branch.properties.forEach(add)
                for name in branch.required where requiredSeen.insert(name).inserted {
                    view.required.append(name)
                }
                if view.types.isEmpty { view.types = branch.types }
                view.format = view.format ?? branch.format
                view.items = view.items ?? branch.items
                view.enumValues = view.enumValues ?? branch.enumValues
                view.constValue = view.constValue ?? branch.constValue
            }
            let onlyBranch = node.mergeSources.count == 1 ? node.mergeSources[0] : nil
            if let onlyBranch, node.properties.isEmpty, node.types.isEmpty {
                view.standsFor = onlyBranch
            }
            return view
        }

        /// A stand-alone `$ref` shows its target with the nearest name and annotations along the way.
        /// Alias chains can be long, so they are walked, not recursed: out to the first link already
        /// known (or the target), then back, each link's view made from the next one's.
        private mutating func aliasView(_ index: Int, depth: Int) -> SchemaView {
            var chain: [Int] = []
            var current = index
            while nodes[current].isAlias, memo[current] == nil, let next = nodes[current].ref {
                chain.append(current)
                current = next
            }
            var view = memo[current] ?? merged(targets[index], depth: depth)
            for link in chain.reversed() {
                let node = nodes[link]
                view.name = node.name ?? view.name
                view.title = node.title ?? view.title
                view.description = node.description ?? view.description
                if !wasCut { memo[link] = view }
            }
            return view
        }

        private mutating func merged(_ index: Int, depth: Int) -> SchemaView {
            view(index, depth: depth + 1)
        }
    }
}
