/// A 64-bit hash that takes its input eight bytes at a time (a multiply and a shift per word), its length
/// folded into the last word. Not for security: it tells loads of documents apart (fingerprints of their
/// schemas and operations, the key of a kept summary), where a byte-at-a-time hash cost a tenth of a load.
package struct WordHash {
    package private(set) var value: UInt64
    private let multiplier: UInt64
    private let shift: UInt64

    /// Another `multiplier` and `shift` make an independent hash of the same input.
    package init(seed: UInt64 = 0xCBF2_9CE4_8422_2325, multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15, shift: UInt64 = 29) {
        value = seed
        self.multiplier = multiplier
        self.shift = shift
    }

    private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* multiplier
        value ^= value >> shift
    }

    /// A word (another hash, say) as it is.
    package mutating func add(_ word: UInt64) {
        mix(word)
    }

    /// One byte, marked so that it never equals a word of text.
    package mutating func add(byte: UInt8) {
        mix(UInt64(byte) | 1 << 63)
    }

    /// The bytes, then their length, so `"ab" + "c"` and `"a" + "bc"` differ.
    package mutating func add(_ raw: UnsafeRawBufferPointer) {
        var index = 0
        while index + 8 <= raw.count {
            mix(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        mix(Self.lastWord(raw, from: index))
    }

    /// The bytes, then their length, into this hash and `other` in one pass over them: two independent
    /// hashes of a large input for the cost of reading it once.
    package mutating func add(_ raw: UnsafeRawBufferPointer, alongside other: inout WordHash) {
        var index = 0
        while index + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            mix(word)
            other.mix(word)
            index += 8
        }
        let last = Self.lastWord(raw, from: index)
        mix(last)
        other.mix(last)
    }

    /// The bytes from `index` on (fewer than eight) as one word, the whole input's length folded in.
    private static func lastWord(_ raw: UnsafeRawBufferPointer, from index: Int) -> UInt64 {
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        for byte in raw[index...] {
            tail |= UInt64(byte) << shift
            shift += 8
        }
        return tail ^ UInt64(truncatingIfNeeded: raw.count) << 56
    }

    /// A string's UTF-8 bytes, then their length.
    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }
}
