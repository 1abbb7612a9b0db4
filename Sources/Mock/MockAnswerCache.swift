import Synchronization

/// The answers the mock has made (not dynamic ones), by what they were made from, held to a number of
/// bytes: past it the oldest go first, and an answer larger than half of it is made each time. The
/// key holds the negotiated media type, not the raw `Accept`, so fifty ways of asking for JSON share one
/// entry.
final class MockAnswerCache: Sendable {
    struct Key: Hashable {
        let version: Int
        let operation: Int
        let status: Int
        let mediaType: String?
        let example: String?
    }

    private struct State {
        var answers: [Key: MockAnswer] = [:]
        var order: [Key] = []
        var bytes = 0
    }

    let byteLimit: Int
    private let state = Mutex(State())

    init(byteLimit: Int = 64 << 20) {
        self.byteLimit = byteLimit
    }

    func answer(for key: Key) -> MockAnswer? {
        state.withLock { $0.answers[key] }
    }

    func remember(_ answer: MockAnswer, for key: Key) {
        let size = Self.size(of: answer)
        guard size <= byteLimit / 2 else { return }
        state.withLock { state in
            guard state.answers[key] == nil else { return }
            while state.bytes + size > byteLimit, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                if let evicted = state.answers.removeValue(forKey: oldest) { state.bytes -= Self.size(of: evicted) }
            }
            state.answers[key] = answer
            state.order.append(key)
            state.bytes += size
        }
    }

    /// Bytes held, for the tests of the bound.
    var bytesHeld: Int { state.withLock { $0.bytes } }

    private static func size(of answer: MockAnswer) -> Int {
        answer.body.count + answer.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }
}
