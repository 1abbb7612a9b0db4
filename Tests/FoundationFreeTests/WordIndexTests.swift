import Testing
@testable import FoundationFree

/// `WordIndex` finds a text at the position a search of the list finds it, and nothing else.
@Suite struct WordIndexTests {
    @Test func aKeywordIsFoundAtItsPositionAndOtherTextsAreNot() {
        let index = WordIndex(["$ref", "type", "properties", "items", "allOf", "anyOf", "oneOf", "é", ""])
        #expect(index.position(of: "$ref") == 0)
        #expect(index.position(of: "anyOf") == 5)
        #expect(index.position(of: "oneOf") == 6)
        #expect(index.position(of: "é") == 7)
        #expect(index.position(of: "") == 8)
        for miss in ["$re", "$refs", "Type", "propertie", "anyof", "e", "e\u{301}", "x-anyOf", String(repeating: "a", count: 300)] {
            #expect(index.position(of: miss) == nil, "\(miss)")
        }
    }

    @Test func seededListsAgreeWithASearchOfTheList() {
        var random = SplitMix64(seed: 47)
        let alphabet = Array("abc$-é")
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        var disagreements = 0
        for _ in 0..<300 {
            let words = (0..<Int(random.next() % 12)).map { _ in word(Int(random.next() % 5)) }
            let index = WordIndex(words)
            for _ in 0..<30 {
                let text = random.next() % 2 == 0 && !words.isEmpty ? words[Int(random.next() % UInt64(words.count))] : word(Int(random.next() % 6))
                if index.position(of: text) != words.firstIndex(of: text) { disagreements += 1 }
            }
        }
        #expect(disagreements == 0)
    }
}
