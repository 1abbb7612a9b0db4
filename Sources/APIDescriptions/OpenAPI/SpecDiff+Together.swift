import FoundationFree
import Schemas
import Synchronization

extension SpecDiff {
    /// What comparing one pair of operations found, every change listed (`report` keeps what fits).
    struct PairFindings: Sendable {
        var moves: [SpecChange]
        var changes: [SpecChange]
        var omitted: [SpecChangeLevel: Int]
        var components: Set<SchemaComparison.ComponentKey>
    }

    /// Everything the schema comparisons of a diff found: each pair's findings in the pairs' order (nil from
    /// the first pair not compared on, when the comparison was cancelled), and each shared component's
    /// changes.
    struct Findings {
        var pairs: [PairFindings?]
        var componentResults: [SchemaComparison.ComponentKey: SchemaComparison.Found] = [:]
        var cut = 0
        var uncomparedComponents = 0
        var cancelled = false
    }

    /// Pairs of operations, then the shared components they reach, compared by this thread and `extraThreads`
    /// more, each taking the next piece of work when done with one: a component is claimed by the first that
    /// reaches it, so each is compared once. The findings do not depend on who compared what.
    static func compareTogether(_ pairs: [OperationPairing.Pair], unchanged: UnchangedSchemas?, extraThreads: Int, today: String,
                                cancellation: CancellationToken?, progress: SpecDiffProgress?) -> Findings {
        let work = SharedWork(Findings(pairs: Array(repeating: nil, count: pairs.count)))
        Threads.together(extraThreads: extraThreads) {
            var schemas = SchemaComparison(cancellation: cancellation, unchanged: unchanged)
            work.state.withLock { $0.comparingOperations += 1 }
            while let index = work.nextPair(of: pairs.count) {
                if schemas.cancelled || cancellation?.isCancelled == true { break }
                let pair = pairs[index]
                let found = compare(pair.a, pair.b, schemas: &schemas, room: changeLimit, today: today)
                let findings = PairFindings(moves: moveChanges(pair), changes: found.changes, omitted: found.omitted,
                                            components: found.components)
                work.state.withLock { $0.findings.pairs[index] = findings }
                progress?.comparedOperation()
            }
            work.share(schemas.takeReached(), leavingOperations: true)
            while let component = work.nextComponent(cancelled: { schemas.cancelled || cancellation?.isCancelled == true }) {
                schemas.compareComponent(component.key, component.a, component.b)
                work.share(schemas.takeReached(), leavingOperations: false)
                work.state.withLock { $0.busy -= 1 }
                progress?.comparedComponent()
            }
            let comparison = schemas
            work.state.withLock { state in
                state.findings.componentResults.merge(comparison.componentResults) { first, _ in first }
                state.findings.cut += comparison.cut
                state.findings.cancelled = state.findings.cancelled || comparison.cancelled
            }
        }
        return work.state.withLock { state in
            var findings = state.findings
            findings.uncomparedComponents = state.queue.count
            findings.cancelled = findings.cancelled || cancellation?.isCancelled == true
            return findings
        }
    }

    private final class SharedWork: Sendable {
        struct State {
            var findings: Findings
            var nextPair = 0
            /// Runs still comparing operations: they may yet reach components.
            var comparingOperations = 0
            /// Components claimed and not yet compared, and runs comparing one (which may reach more).
            var queue: [(key: SchemaComparison.ComponentKey, a: JSONSchema, b: JSONSchema)] = []
            var claimed: Set<SchemaComparison.ComponentKey> = []
            var busy = 0
        }
        let state: Mutex<State>

        init(_ findings: Findings) {
            state = Mutex(State(findings: findings))
        }

        func nextPair(of count: Int) -> Int? {
            state.withLock { state in
                guard state.nextPair < count else { return nil }
                defer { state.nextPair += 1 }
                return state.nextPair
            }
        }

        /// Claims the components no run has claimed yet.
        func share(_ reached: [(key: SchemaComparison.ComponentKey, a: JSONSchema, b: JSONSchema)], leavingOperations: Bool) {
            state.withLock { state in
                for component in reached where state.claimed.insert(component.key).inserted { state.queue.append(component) }
                if leavingOperations { state.comparingOperations -= 1 }
            }
        }

        /// The next component to compare; nil once none is left and no run can reach another, or when
        /// `cancelled` (what is left in the queue is then uncompared). Waits while others may still reach some.
        func nextComponent(cancelled: () -> Bool) -> (key: SchemaComparison.ComponentKey, a: JSONSchema, b: JSONSchema)? {
            while true {
                if cancelled() {
                    state.withLock { $0.findings.cancelled = true }
                    return nil
                }
                enum Next { case work((key: SchemaComparison.ComponentKey, a: JSONSchema, b: JSONSchema)), wait, done }
                let next: Next = state.withLock { state in
                    if let component = state.queue.popLast() {
                        state.busy += 1
                        return .work(component)
                    }
                    return state.busy == 0 && state.comparingOperations == 0 ? .done : .wait
                }
                switch next {
                case .work(let component): return component
                case .done: return nil
                case .wait: Threads.sleep(seconds: 0.000_05)
                }
            }
        }
    }
}
