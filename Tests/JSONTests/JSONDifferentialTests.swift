import Foundation
import Testing
import JSON
import TestSupport

/// apish's parser and encoder checked against Foundation's `JSONDecoder` on thousands of generated
/// documents.
@Suite struct JSONDifferentialTests {
    @Test func encodedTreesParseBackAndAgreeWithJSONDecoder() throws {
        var random = SeededRandom(seed: 0x5EED_0001)
        let decoder = JSONDecoder()
        var mismatches: [String] = []
        for _ in 0..<1500 {
            // GIVEN a random tree WHEN written by our encoder, compact and pretty
            let value = JSONDocumentFactory.randomValue(using: &random)
            let compact = value.encoded()
            let pretty = value.encoded(pretty: true, sortedKeys: random.chance(50))
            // THEN our parser gives the tree back, and JSONDecoder sees the same structure
            if try JSONValue.parse(compact) != value || (try JSONValue.parse(pretty)) != value {
                mismatches.append("round trip: \(compact)")
            }
            let decoded = try decoder.decode(AnyJSON.self, from: Data(compact.utf8))
            if !decoded.matches(value) {
                mismatches.append("JSONDecoder disagrees: \(compact)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }

    @Test func independentlyWrittenTextParsesLikeJSONDecoder() throws {
        var random = SeededRandom(seed: 0x5EED_0002)
        let decoder = JSONDecoder()
        var mismatches: [String] = []
        for _ in 0..<1500 {
            // GIVEN text written by hand with random escapes and whitespace
            let (text, expected) = JSONDocumentFactory.randomDocument(using: &random)
            // WHEN parsed by both parsers
            let parsed = try JSONValue.parse(Data(text.utf8))
            let decoded = try decoder.decode(AnyJSON.self, from: Data(text.utf8))
            // THEN both give the value the text was written for
            if parsed != expected { mismatches.append("unexpected value: \(text)") }
            if !decoded.matches(parsed) { mismatches.append("JSONDecoder disagrees: \(text)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }

    @Test func generatorsProduceVariedDocuments() {
        // Guards the tests above against a generator that silently stopped producing interesting input.
        var random = SeededRandom(seed: 0x5EED_0003)
        var texts: [String] = []
        for _ in 0..<300 { texts.append(JSONDocumentFactory.randomDocument(using: &random).text) }
        let joined = texts.joined()
        #expect(Set(texts).count > 200)
        #expect(joined.contains("\\u"))
        #expect(joined.contains("😀") || joined.contains("\\uD83D") || joined.contains("\\ud83d"))
        #expect(joined.contains("{"))
        #expect(joined.contains("e+") || joined.contains("E+"))
    }
}
