import Dispatch

/// How many answers are made at once: each can hold tens of megabytes while it is made, so past this
/// many a request waits its turn, and one that has waited `patience` seconds is answered 503 with
/// `Retry-After` rather than raising the mock's memory without end.
final class MockGenerationLimit: Sendable {
    let concurrent: Int
    let patience: Double
    private let slots: DispatchSemaphore

    init(concurrent: Int = 2, patience: Double = 10) {
        self.concurrent = concurrent
        self.patience = patience
        slots = DispatchSemaphore(value: concurrent)
    }

    /// `make` run once a slot is free; nil when none came free in time.
    func run<Value>(_ make: () throws(MockProblem) -> Value) throws(MockProblem) -> Value? {
        guard slots.wait(timeout: .now() + patience) == .success else { return nil }
        defer { slots.signal() }
        return try make()
    }
}
