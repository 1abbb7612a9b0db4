@testable import Mock
import Testing

/// A generation slot is held for as long as its answer is (made, then in flight), and given back when
/// the answer is dropped, so the limit bounds answers in flight, not only those being made (issue 44 item 5).
@Suite struct MockGenerationLimitTests {
    @Test func aSlotIsHeldUntilItsAnswerIsDropped() throws {
        // GIVEN a limit of one answer that does not wait
        let limit = MockGenerationLimit(concurrent: 1, patience: 0.01)
        var held: MockGenerationLimit.Slot? = try #require(limit.acquire())
        // WHEN a second answer asks while the first is held
        #expect(limit.acquire() == nil)
        // THEN it gets a slot once the first is dropped
        withExtendedLifetime(held) {}
        held = nil
        #expect(limit.acquire() != nil)
    }
}
