import Synchronization

/// Lets another thread (or a signal handler's counter) stop a request in flight.
///
/// A transport checks `isCancelled` several times a second while it waits, so a `cancel()` from
/// any thread ends the request within a fraction of a second with `TransportError.cancelled`.
public final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)
    private let poll: (@Sendable () -> Bool)?

    /// - Parameter poll: consulted on every check besides `cancel()`; the shell passes one that
    ///   reads its SIGINT counter, because a signal handler cannot call `cancel()` safely.
    public init(poll: (@Sendable () -> Bool)? = nil) {
        self.poll = poll
    }

    public func cancel() {
        flag.store(true, ordering: .releasing)
    }

    public var isCancelled: Bool {
        if flag.load(ordering: .acquiring) { return true }
        return poll?() ?? false
    }
}
