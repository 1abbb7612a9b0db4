import FoundationFree
import Testing

/// Text that carries bytes that are not UTF-8 gives the same bytes back.
@Suite struct RawBytesTextTests {
    @Test func anyBytesComeBackAsTheyWere() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            #expect(RawBytesText.bytes(RawBytesText.decode(bytes)) == bytes, "\(bytes)")
            // The contiguous form reads the same bytes into the same text, ASCII or not.
            let ascii = bytes.map { $0 & 0x7F }
            for sample in [bytes, ascii] {
                let contiguous = sample.withUnsafeBufferPointer { RawBytesText.decode($0) }
                #expect(Array(contiguous.utf8) == Array(RawBytesText.decode(sample).utf8), "\(sample)")
            }
        }
    }

    @Test func validUTF8ReadsAsItselfAndOnlyStrayBytesAreCarried() {
        let text = "café ✓ 𝄞"
        #expect(RawBytesText.decode(Array(text.utf8)) == text)
        #expect(!RawBytesText.holdsRawBytes(text))
        // Latin-1 "café": the é byte alone is carried, the rest is text
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x74]
        let decoded = RawBytesText.decode(latin1)
        #expect(decoded.hasPrefix("caf") && decoded.hasSuffix(".t"))
        #expect(RawBytesText.holdsRawBytes(decoded))
        #expect(decoded.unicodeScalars.compactMap(RawBytesText.rawByte) == [0xE9])
        // an overlong form and a lone continuation byte are carried, not decoded
        #expect(RawBytesText.bytes(RawBytesText.decode([0xC0, 0xAF, 0x80])) == [0xC0, 0xAF, 0x80])
        #expect(RawBytesText.decode([0xC0, 0xAF]).unicodeScalars.allSatisfy { RawBytesText.rawByte($0) != nil })
    }
}
