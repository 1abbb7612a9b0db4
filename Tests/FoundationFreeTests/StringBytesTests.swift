import FoundationFree
import Testing

/// Texts compared by their bytes, and a URL's scheme read without case.
@Suite struct StringBytesTests {
    @Test func sameBytesIsByteEqualityNotCanonicalEquality() {
        let long = String(repeating: "refresh weather ", count: 8)
        #expect("refresh weather".hasSameBytes(as: "refresh weather"))
        #expect(long.hasSameBytes(as: String(repeating: "refresh weather ", count: 8)))
        #expect("".hasSameBytes(as: ""))
        // Canonically equal, so `==` says yes; their bytes differ, in count and, for the second pair, not in count.
        #expect("caf\u{E9}" == "cafe\u{301}" && !"caf\u{E9}".hasSameBytes(as: "cafe\u{301}"))
        let precomposedFirst = "\u{1E0B}\u{323}", otherOrder = "\u{1E0D}\u{307}"
        #expect(precomposedFirst == otherOrder && precomposedFirst.utf8.count == otherOrder.utf8.count)
        #expect(!precomposedFirst.hasSameBytes(as: otherOrder))
        #expect(!"refresh weather".hasSameBytes(as: "refresh weathes"))
        #expect(!(long + "a").hasSameBytes(as: long + "b"))
        #expect(!"a".hasSameBytes(as: "ab"))
    }

    @Test func aPrefixIsReadWithoutCaseForASCIILettersOnly() {
        for text in ["http://x", "HTTP://x", "HtTp://", "http://" + String(repeating: "y", count: 100)] {
            #expect(text.hasPrefixIgnoringASCIICase("http://"), "\(text)")
        }
        for text in ["", "http", "http:/", "https://x", " http://x", "\u{212A}ttp://", "http\u{0130}://"] {
            #expect(!text.hasPrefixIgnoringASCIICase("http://"), "\(text)")
        }
        #expect("FILE:///tmp/x".hasPrefixIgnoringASCIICase("file:"))
        #expect(!"fil".hasPrefixIgnoringASCIICase("file:"))
        #expect("anything".hasPrefixIgnoringASCIICase(""))
    }
}
