import Testing
@testable import FoundationFree

/// Two hashes taken in one pass over the bytes are the two hashes taken one after the other, and a hash
/// tells inputs apart by their bytes and their length.
@Suite struct WordHashTests {
    private func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    }

    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000, 65_537])
    func onePassGivesBothHashes(count: Int) {
        let input = bytes(count)
        var first = WordHash(seed: 1)
        var second = WordHash(seed: 2, multiplier: 0xC2B2_AE3D_27D4_EB4F, shift: 31)
        input.withUnsafeBytes { first.add($0); second.add($0) }
        var together = WordHash(seed: 1)
        var alongside = WordHash(seed: 2, multiplier: 0xC2B2_AE3D_27D4_EB4F, shift: 31)
        input.withUnsafeBytes { together.add($0, alongside: &alongside) }
        #expect(together.value == first.value)
        #expect(alongside.value == second.value)
        #expect(together.value != alongside.value)
    }

    @Test func lengthAndEveryByteCount() {
        func hash(_ input: [UInt8]) -> UInt64 {
            var hash = WordHash()
            input.withUnsafeBytes { hash.add($0) }
            return hash.value
        }
        // A trailing zero byte, and a change in any one byte, make another hash.
        let input = bytes(23)
        #expect(hash(input) != hash(input + [0]))
        for position in input.indices {
            var changed = input
            changed[position] ^= 1
            #expect(hash(changed) != hash(input), "byte \(position)")
        }
    }
}
