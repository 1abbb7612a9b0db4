import Testing
@testable import LineEditing

@Suite struct CompletionMatchesTests {
    @Test func aSingleCandidateReplacesTheWord() {
        // "he|": libedit's word is "he" (scalars 0..<2), the provider's too.
        let matches = CompletionMatches(
            line: "he", wordStart: 0, cursor: 2,
            completion: Completion(candidates: ["help"], replaceFrom: 0)
        )
        #expect(matches == CompletionMatches(replacement: "help", alternatives: []))
    }

    @Test func severalCandidatesInsertTheirCommonPrefixAndListThemAll() {
        let matches = CompletionMatches(
            line: "use h", wordStart: 4, cursor: 5,
            completion: Completion(candidates: ["history", "help", "history"], replaceFrom: 4)
        )
        #expect(matches == CompletionMatches(replacement: "h", alternatives: ["history", "help"]))

        let longer = CompletionMatches(
            line: "w", wordStart: 0, cursor: 1,
            completion: Completion(candidates: ["weather", "weatherv2"], replaceFrom: 0)
        )
        #expect(longer?.replacement == "weather")
    }

    @Test func keepsTextBetweenLibeditsWordAndTheProviders() {
        // "echo $to|": libedit's word is "$to", the provider completes the variable name after "$".
        let matches = CompletionMatches(
            line: "echo $to", wordStart: 5, cursor: 8,
            completion: Completion(candidates: ["token"], replaceFrom: 6)
        )
        #expect(matches?.replacement == "$token")
    }

    @Test func aProviderWordStartingEarlierKeepsOnlyAgreeingCandidates() {
        // The provider treats `"a b` as one word; libedit can only replace from after the space.
        let matches = CompletionMatches(
            line: #"say "a b"#, wordStart: 7, cursor: 8,
            completion: Completion(candidates: [#""a bc"#, #""x by"#], replaceFrom: 4)
        )
        #expect(matches == CompletionMatches(replacement: "bc", alternatives: []))
    }

    @Test func aCommonPrefixThatWouldEraseTypedTextLeavesItAlone() {
        // A case-insensitive provider: "HE" matches "help" and "hello", whose common part is "hel".
        let matches = CompletionMatches(
            line: "HE", wordStart: 0, cursor: 2,
            completion: Completion(candidates: ["help", "hello"], replaceFrom: 0)
        )
        #expect(matches == CompletionMatches(replacement: "HE", alternatives: ["help", "hello"]))
    }

    @Test func nothingToOfferIsNil() {
        #expect(CompletionMatches(line: "zz", wordStart: 0, cursor: 2, completion: .none) == nil)
        #expect(CompletionMatches(
            line: "zz", wordStart: 0, cursor: 2, completion: Completion(candidates: [""], replaceFrom: 0)
        ) == nil)
    }

    @Test func countsCharactersForTheProviderAndScalarsForLibedit() {
        // "é" written as e + combining acute: one Character, two scalars. The provider's word starts at
        // Character 2 ("x"), which is scalar 3.
        let line = "e\u{301} x"
        let matches = CompletionMatches(
            line: line, wordStart: 3, cursor: 4,
            completion: Completion(candidates: ["xylophone"], replaceFrom: 2)
        )
        #expect(matches?.replacement == "xylophone")
    }

    @Test func clampsOffsetsOutsideTheLine() {
        let before = CompletionMatches(
            line: "he", wordStart: -3, cursor: 99,
            completion: Completion(candidates: ["help"], replaceFrom: -5)
        )
        #expect(before?.replacement == "help")

        // A word starting beyond the cursor starts at the cursor: the candidate is inserted there.
        let beyond = CompletionMatches(
            line: "he", wordStart: 0, cursor: 2,
            completion: Completion(candidates: ["lp"], replaceFrom: 50)
        )
        #expect(beyond?.replacement == "help")
    }
}
