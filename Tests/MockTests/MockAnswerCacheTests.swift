@testable import Mock
import Testing

/// The answer cache holds at most its byte limit: the oldest answers go first, an answer over half the
/// limit is not kept, and a key differs only by what changes the answer (issue 44 item 5).
@Suite struct MockAnswerCacheTests {
    private func key(_ operation: Int, mediaType: String? = "application/json") -> MockAnswerCache.Key {
        MockAnswerCache.Key(version: 0, operation: operation, status: 200, mediaType: mediaType, example: nil)
    }

    private func answer(bytes: Int) -> MockAnswer {
        MockAnswer(status: 200, headers: [("Content-Type", "application/json")], body: [UInt8](repeating: 0x61, count: bytes))
    }

    @Test func theBytesHeldStayWithinTheLimitAndTheOldestGoFirst() {
        // GIVEN a cache of 10,000 bytes
        let cache = MockAnswerCache(byteLimit: 10_000)
        // WHEN twenty answers of about 3,000 bytes are remembered
        for operation in 0..<20 { cache.remember(answer(bytes: 3_000), for: key(operation)) }
        // THEN it holds at most its limit: the last three, not the first
        #expect(cache.bytesHeld <= 10_000)
        #expect(cache.bytesHeld > 6_000)
        #expect(cache.answer(for: key(19)) != nil && cache.answer(for: key(17)) != nil)
        #expect(cache.answer(for: key(0)) == nil && cache.answer(for: key(16)) == nil)
    }

    @Test func anAnswerOverHalfTheLimitIsNotKept() {
        let cache = MockAnswerCache(byteLimit: 10_000)
        cache.remember(answer(bytes: 2_000), for: key(1))
        cache.remember(answer(bytes: 6_000), for: key(2))
        #expect(cache.answer(for: key(2)) == nil)
        #expect(cache.answer(for: key(1)) != nil)
        #expect(cache.bytesHeld < 5_000)
    }

    @Test func theSameKeyIsHeldOnce() {
        let cache = MockAnswerCache(byteLimit: 10_000)
        for _ in 0..<50 { cache.remember(answer(bytes: 1_000), for: key(1)) }
        #expect(cache.bytesHeld < 2_000)
        cache.remember(answer(bytes: 1_000), for: key(1, mediaType: "application/xml"))
        #expect(cache.bytesHeld > 2_000)
    }
}
