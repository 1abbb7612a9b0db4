import JSON
import FoundationFree
import Synchronization
/// The schemas of one document, read once, with subschemas as indexes so `$ref` cycles are safe.
///
/// Immutable once built: `targets` maps each node to the node validation starts from (through `$ref`s
/// that stand alone), and `views` holds each node's merged face (see `SchemaView`). Or, built from a
/// builder that `readsOnDemand`, the same read a node at a time (`OnDemand`): each node, target and view
/// is made the first time it is asked for, so checking a short answer against Stripe's customer (whose
/// schemas reach every other) reads the few the answer touches. Everything reads through `node(_:)`,
/// `target(_:)`, `checkTarget(_:)` and `view(_:)`, which answer the same either way.
@usableFromInline package final class SchemaGraph: Sendable {
    /// How many `allOf`/`$ref` levels are merged into a view; deeper chains keep their own keywords only,
    /// and the view says it was cut (`SchemaView.isCut`).
    static let mergeDepthLimit = 64
    /// How many property entries all merged views may hold together, beyond those written in the document.
    static let mergeWorkLimit = 4_000_000

    @usableFromInline package let nodes: [SchemaNode]
    @usableFromInline let targets: [Int]
    /// `targets` for validation: a chain of stand-alone `$ref`s is followed only while it stays in one
    /// resource, since entering another one is part of the dynamic scope `$dynamicRef` looks in.
    let checkTargets: [Int]
    /// Every node's view, as the merger made them (none is nil once the graph is built): kept where they
    /// were made rather than copied out of the merger's memo, which cost a retain and a release of every
    /// field of every view (a tenth of reading Stripe's description went on views).
    @usableFromInline let views: [SchemaView?]
    /// Resource URI → `$dynamicAnchor` name → node, for `$dynamicRef`s to look up in the dynamic scope.
    let dynamicAnchors: [String: [String: Int]]
    /// Whether some `$dynamicRef` looks in the dynamic scope, so validation keeps it.
    let keepsDynamicScope: Bool
    /// The graph compiled for the fast pass over answers, made when the first answer is checked.
    private let plan = Mutex<PlanState>(.notMade)
    /// The on-demand form's nodes, targets and views; nil when everything was read at once.
    @usableFromInline let onDemand: OnDemand?

    private enum PlanState: Sendable {
        case notMade
        case made(TapePlan?)
    }

    /// Whether every node has noted the checks it holds (`settleForChecks`).
    private let settled = Atomic<Bool>(false)
    private let settling = Mutex<Void>(())

    /// Has each node note, once, which kinds of keyword it holds (`SchemaNode.settle`), before the graph's
    /// first check: a graph only shown or compared (`help`, a spec diff) never pays for it. A graph read on
    /// demand settles each node as it reads it.
    func settleForChecks() {
        guard onDemand == nil, !settled.load(ordering: .acquiring) else { return }
        settling.withLock { _ in
            guard !settled.load(ordering: .relaxed) else { return }
            for node in nodes { node.settle() }
            settled.store(true, ordering: .releasing)
        }
    }

    /// Answer bytes the full validator checked alone while the plan was not made (`plan(forAnswerOf:)`).
    private let bytesCheckedWithoutPlan = Atomic<Int>(0)
    /// How many answer bytes a graph checks with the full validator alone before the plan is made. Compiling
    /// the plan walks every node of the graph (a few milliseconds for Stripe's, where every schema reaches
    /// every other), which a one-shot `call` with a short answer would pay for nothing: below this, the full
    /// validator's visits are fewer than the plan's compile; past it (one large answer, or a session's many
    /// small ones), the plan pays for itself.
    static let bytesBeforePlan = 256 << 10

    var tapePlan: TapePlan? {
        guard onDemand == nil else { return nil }
        return plan.withLock { state in
            if case .made(let made) = state { return made }
            let made = TapePlan(self)
            state = .made(made)
            return made
        }
    }

    /// The plan for an answer of `bytes` bytes, or nil while the answers checked so far (this one included)
    /// are too few bytes for compiling it to pay (`bytesBeforePlan`); once made, always the plan.
    func plan(forAnswerOf bytes: Int) -> TapePlan? {
        let made = plan.withLock { state -> TapePlan?? in
            if case .made(let made) = state { return .some(made) }
            return .none
        }
        if let made { return made }
        let total = bytesCheckedWithoutPlan.add(bytes, ordering: .relaxed).newValue
        return total >= Self.bytesBeforePlan ? tapePlan : nil
    }

    /// The on-demand form: nothing is read until asked for. It keeps the dynamic scope, as it cannot know
    /// beforehand that no `$dynamicRef` will look in it, and has no fast plan.
    init(onDemand: OnDemand) {
        self.onDemand = onDemand
        nodes = []
        targets = []
        checkTargets = []
        views = []
        dynamicAnchors = [:]
        keepsDynamicScope = true
    }

    init(nodes: [SchemaNode], dynamicAnchors: [String: [String: Int]] = [:], cancellation: CancellationToken? = nil) throws(SchemaError) {
        onDemand = nil
        self.nodes = nodes
        self.dynamicAnchors = dynamicAnchors
        keepsDynamicScope = nodes.contains { $0.dynamicRef?.anchor != nil }
        let aliases = nodes.map(\.isAlias)
        let targets = try Self.aliasTargets(nodes, aliases: aliases)
        self.targets = targets
        checkTargets = try Self.aliasTargets(nodes, aliases: nodes.indices.map { index in
            aliases[index] && nodes[index].ref.map { nodes[$0].base == nodes[index].base } == true
        })
        var merger = ViewMerger(source: ReadNodes(nodes: nodes, aliases: aliases, targets: targets), cancellation: cancellation)
        merger.memo = Array(repeating: nil, count: nodes.count)
        for index in nodes.indices {
            try merger.make(index)
        }
        self.views = merger.takeMemo()
    }

    /// Node `index`, read.
    @inlinable @inline(__always) package func node(_ index: Int) -> SchemaNode {
        if let onDemand { return onDemand.node(index) }
        return nodes[index]
    }

    /// The node validation starts from for `index`: through a chain of stand-alone `$ref`s.
    @inlinable @inline(__always) package func target(_ index: Int) -> Int {
        if let onDemand { return onDemand.target(index, checking: false) }
        return targets[index]
    }

    /// `target(_:)` for validation: a chain is followed only while it stays in one resource.
    @inline(__always) func checkTarget(_ index: Int) -> Int {
        if let onDemand { return onDemand.target(index, checking: true) }
        return checkTargets[index]
    }

    /// The merged face of node `index`.
    @inlinable @inline(__always) package func view(_ index: Int) -> SchemaView {
        if let onDemand { return onDemand.view(index) }
        return views[index] ?? Self.noView
    }

    /// One field of node `index`'s view, read where a graph read at once keeps the view rather than through
    /// a copy of all of it (a retain and a release of every field): a spec diff asks thousands of schemas
    /// whether they are read-only, what they format and the like.
    @inlinable @inline(__always) package func viewField<T>(_ index: Int, _ field: (SchemaView) -> T) -> T {
        if let onDemand { return field(onDemand.view(index)) }
        return views[index].map(field) ?? field(Self.noView)
    }

    /// What `view` answers for a node without one, which a graph once built does not have.
    @usableFromInline static let noView = SchemaView()

    /// Whether node `index`'s view has no `anyOf`/`oneOf` (an "or null" shows as its one schema), read
    /// without copying the view of a graph read at once.
    @inlinable @inline(__always) package func viewHasNoAlternatives(_ index: Int) -> Bool {
        if let onDemand {
            let view = onDemand.view(index)
            return view.anyOf.isEmpty && view.oneOf.isEmpty
        }
        return (views[index]?.anyOf.isEmpty ?? true) && (views[index]?.oneOf.isEmpty ?? true)
    }

    /// The node of `$dynamicAnchor` `name` in the resource `base`, for a `$dynamicRef` that looks for it.
    func dynamicAnchor(in base: String, named name: String) -> Int? {
        if let onDemand { return onDemand.dynamicAnchor(in: base, named: name) }
        return dynamicAnchors[base]?[name]
    }

    /// Why a node read on demand could not be read (nil when all could, and always for a graph read at once):
    /// a check that met one fails there (the node accepts nothing) and says why.
    var onDemandFailure: SchemaError? { onDemand?.failure }

    /// Follows every chain of stand-alone `$ref`s to the schema it ends at.
    private static func aliasTargets(_ nodes: [SchemaNode], aliases: [Bool]) throws(SchemaError) -> [Int] {
        var targets = Array(repeating: -1, count: nodes.count)
        for start in nodes.indices where targets[start] < 0 {
            var chain: [Int] = []
            var seen = Set<Int>()
            var current = start
            while targets[current] < 0, aliases[current], let next = nodes[current].ref {
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

    /// Builds every view once: a view is remembered as soon as it is made, so a base shared by many
    /// `allOf`s (a diamond, however many levels) is merged once. An `allOf` that reaches itself, or a
    /// chain deeper than `mergeDepthLimit`, contributes the keywords of the node where it was cut; that
    /// view is remembered too, which keeps the work linear at the price of a cut that depends on where the
    /// walk came from. `mergeWorkLimit` caps what all merges may copy.
    /// Where a merge reads nodes, whether each is a stand-alone `$ref`, and where such chains end.
    protocol MergeSource {
        func node(_ index: Int) -> SchemaNode
        func isAlias(_ index: Int) -> Bool
        func target(_ index: Int) -> Int
    }

    /// The nodes of a graph read at once.
    struct ReadNodes: MergeSource {
        let nodes: [SchemaNode]
        let aliases: [Bool]
        let targets: [Int]

        func node(_ index: Int) -> SchemaNode { nodes[index] }
        func isAlias(_ index: Int) -> Bool { aliases[index] }
        func target(_ index: Int) -> Int { targets[index] }
    }

    struct ViewMerger<Source: MergeSource> {
        let source: Source
        let cancellation: CancellationToken?
        var memo: [SchemaView?] = []
        var inProgress: Set<Int> = []
        var work = 0

        init(source: Source, cancellation: CancellationToken?) {
            self.source = source
            self.cancellation = cancellation
        }

        mutating func view(_ index: Int, depth: Int) throws(SchemaError) -> SchemaView {
            if index < memo.count, let view = memo[index] { return view }
            let view = try compute(index, depth: depth)
            remember(view, at: index)
            return view
        }

        /// Makes node `index`'s view, if it was not made yet, without handing a copy out.
        mutating func make(_ index: Int) throws(SchemaError) {
            guard known(index) == nil else { return }
            remember(try compute(index, depth: 0), at: index)
        }

        private mutating func remember(_ view: consuming SchemaView, at index: Int) {
            if index >= memo.count { memo.append(contentsOf: repeatElement(nil, count: index + 1 - memo.count)) }
            memo[index] = view
        }

        /// The views made, by node (nil for one not asked for), left empty here.
        mutating func takeMemo() -> [SchemaView?] {
            defer { memo = [] }
            return memo
        }

        private func known(_ index: Int) -> SchemaView? {
            index < memo.count ? memo[index] : nil
        }

        /// Counts copied entries against the limit, and looks at Ctrl-C every few thousand.
        private mutating func spend(_ amount: Int, at index: Int) throws(SchemaError) {
            let before = work
            work += amount
            if work > SchemaGraph.mergeWorkLimit {
                throw .tooComplex(pointer: source.node(index).pointer.description, limit: SchemaGraph.mergeWorkLimit)
            }
            if before >> 12 != work >> 12, cancellation?.isCancelled == true { throw .cancelled }
        }

        private mutating func compute(_ index: Int, depth: Int) throws(SchemaError) -> SchemaView {
            if source.isAlias(index) {
                return try aliasView(index, depth: depth)
            }
            let node = source.node(index)
            // "Or null" is one type however it is spelled: `nullable: true`, `type: [T, "null"]`, or an
            // `anyOf`/`oneOf` of one schema and `{type: "null"}`s, which shows as that schema, nullable.
            let orNull = orNullBranch(of: node)
            var types = node.types
            if types.count > 1 { types.removeAll { $0 == "null" } }
            // Made whole by one initializer and handed back as it is when nothing merges (most nodes): a view
            // changed field by field after it was made was copied out and destroyed on its way back.
            let own = SchemaView(
                name: node.name, title: node.title, description: node.description, format: node.format,
                types: types, isNullable: node.nullable || node.types.contains("null") || orNull != nil,
                enumValues: node.enumValues ?? node.constValue.map { [$0] }, constValue: node.constValue, required: node.required,
                properties: node.properties, closed: node.closed, readOnly: node.readOnly, writeOnly: node.writeOnly,
                items: node.items, anyOf: orNull == nil ? node.anyOf : [], oneOf: orNull == nil ? node.oneOf : [])
            let mergeSources = orNull.map { node.mergeSources + [$0] } ?? node.mergeSources
            guard mergeSources.contains(where: { $0 != nil }) else { return own }
            guard depth < SchemaGraph.mergeDepthLimit else {
                var cut = own
                cut.isCut = true
                return cut
            }
            guard inProgress.insert(index).inserted else { return own }
            defer { inProgress.remove(index) }
            return try merging(mergeSources, into: own, of: node, at: index, orNull: orNull, depth: depth)
        }

        /// `own` (a node's view of its own keywords) with the branches of node `index` merged in, in the order
        /// written: its properties are those of the branches and of the node's own `properties` where it
        /// stands among them.
        private mutating func merging(_ mergeSources: [Int?], into own: consuming SchemaView, of node: SchemaNode, at index: Int,
                                      orNull: Int?, depth: Int) throws(SchemaError) -> SchemaView {
            var view = own
            view.properties = []
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
            for source in mergeSources {
                guard let source else {
                    node.properties.forEach(add)
                    continue
                }
                let branch = try merged(source, depth: depth)
                try spend(branch.properties.count + branch.required.count + 1, at: index)
                if branch.isCut { view.isCut = true }
                branch.properties.forEach(add)
                for name in branch.required where requiredSeen.insert(name).inserted {
                    view.required.append(name)
                }
                if view.types.isEmpty { view.types = branch.types }
                view.format = view.format ?? branch.format
                view.items = view.items ?? branch.items
                view.enumValues = view.enumValues ?? branch.enumValues
                view.constValue = view.constValue ?? branch.constValue
                if source == orNull || mergeSources.count == 1 { view.closed = view.closed || branch.closed }
                if view.anyOf.isEmpty, view.oneOf.isEmpty {
                    view.anyOf = branch.anyOf
                    view.oneOf = branch.oneOf
                }
                if branch.isNullable, source == orNull || node.allOf.count == 1 { view.isNullable = true }
            }
            let onlyBranch = mergeSources.count == 1 ? mergeSources[0] : nil
            if let onlyBranch, node.properties.isEmpty, node.types.isEmpty {
                view.standsFor = onlyBranch
            }
            return view
        }

        /// A stand-alone `$ref` shows its target with the nearest name and annotations along the way.
        /// Alias chains can be long, so they are walked, not recursed: out to the first link already
        /// known (or the target), then back, each link's view made from the next one's.
        private mutating func aliasView(_ index: Int, depth: Int) throws(SchemaError) -> SchemaView {
            var chain: [Int] = []
            var current = index
            while source.isAlias(current), known(current) == nil, let next = source.node(current).ref {
                chain.append(current)
                current = next
            }
            var view: SchemaView
            if let known = known(current) {
                view = known
            } else {
                view = try merged(source.target(index), depth: depth)
            }
            for link in chain.reversed() {
                let node = source.node(link)
                view.name = node.name ?? view.name
                view.title = node.title ?? view.title
                view.description = node.description ?? view.description
                remember(view, at: link)
            }
            return view
        }

        /// The one schema of an `anyOf`/`oneOf` whose other branches only allow `null`, if it is one.
        private func orNullBranch(of node: SchemaNode) -> Int? {
            if node.anyOf.count > 1, let only = soleBranchBesidesNull(node.anyOf) { return only }
            if node.oneOf.count > 1, let only = soleBranchBesidesNull(node.oneOf) { return only }
            return nil
        }

        /// The one branch that is not null-only, or nil when there are none or several.
        private func soleBranchBesidesNull(_ branches: [Int]) -> Int? {
            var found: Int?
            for branch in branches where !isNullOnly(source.node(source.target(branch))) {
                guard found == nil else { return nil }
                found = branch
            }
            return found
        }

        private func isNullOnly(_ node: SchemaNode) -> Bool {
            guard node.kind == .keywords, node.properties.isEmpty, node.allOf.isEmpty, node.ref == nil else { return false }
            if node.types == ["null"] { return node.assertions == 1 }
            if let values = node.enumValues ?? node.constValue.map({ [$0] }) {
                return node.assertions == 1 && !values.isEmpty && values.allSatisfy(\.isNull)
            }
            return false
        }

        private mutating func merged(_ index: Int, depth: Int) throws(SchemaError) -> SchemaView {
            try view(index, depth: depth + 1)
        }
    }
}
