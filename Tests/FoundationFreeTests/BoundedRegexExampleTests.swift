import FoundationFree
import Testing

/// Examples written from a pattern match it as the same engine reads it, whatever the pattern: the
/// shortest text, at a wanted length, through anchors and word boundaries, and nil (never a trap) when
/// there is none.
@Suite struct BoundedRegexExampleTests {
    @Test(arguments: [
        ("^[A-Z]{3}-\\d{2,4}$", "AAA-00"), ("^pet-[a-z]+$", "pet-a"), ("^\\+?[0-9]{7}$", "0000000"),
        ("(cat|dog)s?", "cat"), ("^[^,]+$", "a"), ("^(?:ab){2}c$", "ababc"), ("\\w+@\\w+\\.com", "a@a.com"),
        // Not read as a quantifier (as ECMA-262's Annex B and Python read it): the text itself.
        ("^a{-1}$", "a{-1}"),
    ])
    func theShortestMatchIsWritten(_ pattern: String, _ expected: String) throws {
        let regex = try BoundedRegex(pattern)
        #expect(regex.example() == expected)
    }

    @Test(arguments: [
        "(?i)^[a-f0-9]{8}$", "\\bword\\b", "^[^\\x00-\\x7F]+$", "^\\p{Lu}\\p{Ll}+$", "^(\\d{1,3}\\.){3}\\d{1,3}$",
        "^[a-z0-9]+(?:-[a-z0-9]+)*$", "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==)?$", "^\\S+@\\S+$", "x\\B1",
    ])
    func examplesMatchTheirPattern(_ pattern: String) throws {
        let regex = try BoundedRegex(pattern)
        let text = try #require(regex.example())
        #expect(try regex.matches(text))
        // A pattern that ends in a match may have no longer text (the caller pads after it).
        if let long = regex.example(minimumLength: 12) {
            #expect(long.count >= 12)
            #expect(try regex.matches(long))
        }
    }

    @Test(arguments: ["a$b", "\\bx\\B ", "^$x", "[^\\s\\S]"])
    func aPatternNothingMatchesHasNoExample(_ pattern: String) throws {
        #expect(try BoundedRegex(pattern).example() == nil)
    }

    @Test func aLongShortestMatchStaysWithinItsBounds() throws {
        // GIVEN a pattern whose shortest match is 90,000 characters long (nested counted repeats)
        let regex = try BoundedRegex("^(a{1000}){90}$")
        // THEN the search stops at its length limit and says so with nil
        #expect(regex.example(lengthLimit: 64) == nil)
    }
}
