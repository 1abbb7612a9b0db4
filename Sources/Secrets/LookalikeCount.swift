import Synchronization

/// How many values a redactor hid only because they looked like credentials (by a member's name or by
/// their shape), not because apish holds them: what the terminal's hint of how to show them counts.
public final class LookalikeCount: Sendable {
    private let count = Mutex(0)

    public init() {}

    /// The values hidden so far.
    public var value: Int { count.withLock { $0 } }

    func add() {
        count.withLock { $0 += 1 }
    }
}
