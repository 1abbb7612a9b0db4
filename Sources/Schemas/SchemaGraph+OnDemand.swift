import FoundationFree
import JSON
import Synchronization

extension SchemaGraph {
    /// A graph's nodes, alias targets and views made the first time each is asked for, from a builder that
    /// `readsOnDemand`. One lock guards the builder and what was made; a node once read never changes, so
    /// what a check holds stays valid while others read more.
    ///
    /// Only for documents known to read whole without a failure (see `SchemaGraphBuilder.readsOnDemand`).
    /// Should a node still fail to read, or an alias chain loop, or merging cost past
    /// `SchemaGraph.mergeWorkLimit`, the node accepts nothing and `failure` says why, so a check that meets
    /// it fails rather than passes.
    @usableFromInline final class OnDemand: @unchecked Sendable {
        private let lock = Mutex<Void>(())
        private var builder: SchemaGraphBuilder
        /// Alias targets made so far, -1 where not yet; for validation (`checking`) and for views.
        private var targets: [Int] = []
        private var checkTargets: [Int] = []
        private var merger: ViewMerger<Source>?
        private var firstFailure: SchemaError?

        init(builder: SchemaGraphBuilder) {
            self.builder = builder
        }

        /// How many nodes were given so far (read, or made for a subschema of one read).
        var nodesGiven: Int {
            lock.withLock { _ in builder.nodeCount }
        }

        var failure: SchemaError? {
            lock.withLock { _ in firstFailure }
        }

        @usableFromInline func node(_ index: Int) -> SchemaNode {
            lock.withLock { _ in readNode(index) }
        }

        @usableFromInline func target(_ index: Int, checking: Bool) -> Int {
            lock.withLock { _ in aliasTarget(index, checking: checking) }
        }

        @usableFromInline func view(_ index: Int) -> SchemaView {
            lock.withLock { _ in
                var merger = self.merger ?? ViewMerger(source: Source(graph: self), cancellation: nil)
                self.merger = nil
                defer { self.merger = merger }
                do throws(SchemaError) {
                    return try merger.view(index, depth: 0)
                } catch {
                    note(error)
                    // The node's own keywords, said to be cut, as a view is whose merge stopped.
                    let node = readNode(index)
                    var view = SchemaView(name: node.name, title: node.title, description: node.description, format: node.format,
                                          types: node.types, isNullable: node.nullable, enumValues: node.enumValues,
                                          constValue: node.constValue, required: node.required, items: node.items,
                                          anyOf: node.anyOf, oneOf: node.oneOf)
                    view.properties = node.properties
                    view.isCut = true
                    return view
                }
            }
        }

        func dynamicAnchor(in base: String, named name: String) -> Int? {
            lock.withLock { _ in builder.dynamicAnchorIndex(in: base, named: name) }
        }

        // MARK: Under the lock

        private func note(_ error: SchemaError) {
            if firstFailure == nil { firstFailure = error }
        }

        fileprivate func readNode(_ index: Int) -> SchemaNode {
            do throws(SchemaError) {
                return try builder.readIfNeeded(index)
            } catch {
                note(error)
                let node = builder.nodeWithoutReading(index)
                node.kind = .nothing
                return node
            }
        }

        /// Where the chain of stand-alone `$ref`s from `index` ends; for validation (`checking`) only while it
        /// stays in one resource. A chain that loops ends where it loops, noted as a failure.
        fileprivate func aliasTarget(_ index: Int, checking: Bool) -> Int {
            if let known = knownTarget(index, checking: checking) { return known }
            var chain: [Int] = []
            var seen = Set<Int>()
            var current = index
            while knownTarget(current, checking: checking) == nil, follows(current, checking: checking), let next = readNode(current).ref {
                guard seen.insert(current).inserted else {
                    note(.refCycle(readNode(current).pointer.description))
                    break
                }
                chain.append(current)
                current = next
            }
            let end = knownTarget(current, checking: checking) ?? current
            for link in chain + [current] { setTarget(end, of: link, checking: checking) }
            return end
        }

        private func follows(_ index: Int, checking: Bool) -> Bool {
            let node = readNode(index)
            guard node.isAlias else { return false }
            guard checking, let next = node.ref else { return true }
            return readNode(next).base == node.base
        }

        private func knownTarget(_ index: Int, checking: Bool) -> Int? {
            let list = checking ? checkTargets : targets
            return index < list.count && list[index] >= 0 ? list[index] : nil
        }

        private func setTarget(_ target: Int, of index: Int, checking: Bool) {
            func set(_ list: inout [Int]) {
                if index >= list.count { list.append(contentsOf: repeatElement(-1, count: index + 1 - list.count)) }
                list[index] = target
            }
            if checking { set(&checkTargets) } else { set(&targets) }
        }

        /// What a merge reads, while the lock is held.
        fileprivate struct Source: MergeSource {
            unowned let graph: OnDemand

            func node(_ index: Int) -> SchemaNode { graph.readNode(index) }
            func isAlias(_ index: Int) -> Bool { graph.readNode(index).isAlias }
            func target(_ index: Int) -> Int { graph.aliasTarget(index, checking: false) }
        }
    }
}
