import Synchronization

/// How far a spec diff has got, read by a progress line on another thread while `SpecDiff.report` works:
/// operations compared of those paired, then shared components compared.
public final class SpecDiffProgress: Sendable {
    private let counts = Mutex((operations: 0, of: 0, components: 0))

    public init() {}

    /// `120 of 366 operations, 40 components`, or `loading the descriptions` before the comparison starts.
    public var text: String {
        let (operations, of, components) = counts.withLock { ($0.operations, $0.of, $0.components) }
        guard of > 0 else { return "loading the descriptions" }
        return "\(operations) of \(of) operations, \(components) component\(components == 1 ? "" : "s")"
    }

    func begin(operations total: Int) {
        counts.withLock { $0.of = total }
    }

    func comparedOperation() {
        counts.withLock { $0.operations += 1 }
    }

    func comparedComponent() {
        counts.withLock { $0.components += 1 }
    }
}
