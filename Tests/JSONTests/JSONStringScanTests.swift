import Foundation
import Testing
import JSON

/// Strings are scanned eight bytes at a time: whatever needs a look (a quote, an escape, a control
/// character, a multi-byte character) is found at every position in and across those words.
@Suite struct JSONStringScanTests {
    private func parsedString(_ json: String) -> String? {
        try? JSONValue.parse(Data(json.utf8)).stringValue
    }

    @Test(arguments: 0..<20)
    func findsWhatNeedsALookAtEveryOffset(_ offset: Int) {
        let lead = String(repeating: "a", count: offset)
        let tail = String(repeating: "b", count: 19 - offset)
        #expect(parsedString("\"\(lead)\"") == lead)
        #expect(parsedString("\"\(lead)\\\"\(tail)\"") == lead + "\"" + tail)
        #expect(parsedString("\"\(lead)\\n\(tail)\"") == lead + "\n" + tail)
        #expect(parsedString("\"\(lead)é€😀\(tail)\"") == lead + "é€😀" + tail)
        #expect(parsedString("\"\(lead)\\u00e9\(tail)x\(tail)\"") == lead + "é" + tail + "x" + tail)
        #expect(parsedString("\"\(lead)\t\(tail)\"") == nil)
        #expect(parsedString("\"\(lead)\u{7F}\(tail)\"") == lead + "\u{7F}" + tail)
        #expect(parsedString("\"\(lead)") == nil)
        #expect((try? JSONValue.parse(Data("\"\(lead)".utf8 + [0xFF] + "\(tail)\"".utf8))) == nil)
    }
}
