import Dispatch

/// How many answers are made and in flight at once: each can hold tens of megabytes from the moment it is
/// made until its last byte is sent, so past this many a request waits its turn, and one that has waited
/// `patience` seconds is answered 503 with `Retry-After` rather than raising the mock's memory without end.
final class MockGenerationLimit: Sendable {
    /// One of the slots, given back when the last reference to it goes (the answer sent, or dropped).
    final class Slot: Sendable {
        private let slots: DispatchSemaphore

        fileprivate init(_ slots: DispatchSemaphore) {
            self.slots = slots
        }

        deinit {
            slots.signal()
        }
    }

    let concurrent: Int
    let patience: Double
    private let slots: DispatchSemaphore

    init(concurrent: Int = 2, patience: Double = 10) {
        self.concurrent = concurrent
        self.patience = patience
        slots = DispatchSemaphore(value: concurrent)
    }

    /// A slot once one is free, to be held while the answer is made and sent; nil when none came free in time.
    func acquire() -> Slot? {
        guard slots.wait(timeout: .now() + patience) == .success else { return nil }
        return Slot(slots)
    }
}
