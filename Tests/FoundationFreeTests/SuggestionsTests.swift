import Testing
@testable import FoundationFree

@Suite struct SuggestionsTests {
    @Test func swapsOfNeighboursCountOnce() {
        #expect(Suggestions.distance("servcies", "services") == 1)
        #expect(Suggestions.distance("hepl", "help") == 1)
    }

    @Test func insertionsDeletionsAndSubstitutions() {
        #expect(Suggestions.distance("refesh", "refresh") == 1)
        #expect(Suggestions.distance("kitten", "sitting") == 3)
        #expect(Suggestions.distance("", "use") == 3)
        #expect(Suggestions.distance("use", "") == 3)
        #expect(Suggestions.distance("same", "same") == 0)
    }

    @Test func aTransposedPairIsNotEditedAgain() {
        // Optimal string alignment: "ca" → "abc" is 3, not the 2 of unrestricted Damerau–Levenshtein.
        #expect(Suggestions.distance("ca", "abc") == 3)
    }

    @Test func nearMissesWithinAThirdOfTheLengthAreSuggestedIgnoringCase() {
        #expect(Suggestions.closest(to: "wether", in: ["twit", "weather", "stockQuote"]) == "weather")
        #expect(Suggestions.closest(to: "LSTPETS", in: ["createPet", "listPets"]) == "listPets")
        #expect(Suggestions.closest(to: "limt", in: ["species", "limit"]) == "limit")
        #expect(Suggestions.closest(to: "lmt", in: ["species", "limit"]) == nil)  // two edits in three letters
        #expect(Suggestions.closest(to: "zzzzzzzz", in: ["findPets", "addPet"]) == nil)
    }

    @Test func theClosestWinsAndTiesGoToTheAlphabeticallyFirst() {
        #expect(Suggestions.closest(to: "pets", in: ["pet", "pets2", "pets"]) == "pets")
        #expect(Suggestions.closest(to: "cats", in: ["rats", "bats"]) == "bats")
    }

    @Test func aUniquePrefixIsSuggestedButNotAnAmbiguousOne() {
        #expect(Suggestions.closest(to: "spec", in: ["species", "limit"]) == "species")
        #expect(Suggestions.closest(to: "l", in: ["species", "limit"]) == "limit")
        #expect(Suggestions.closest(to: "he", in: ["help", "header", "history"]) == nil)
    }

    @Test func oneCharacterCandidatesOnlyMatchThemselves() {
        #expect(Suggestions.closest(to: "x", in: ["q", "quit"]) == nil)
        #expect(Suggestions.closest(to: "qq", in: ["q", "x"]) == nil)
        #expect(Suggestions.closest(to: "Q", in: ["q", "x"]) == "q")
    }

    @Test func aNearMissOfAnAliasSuggestsTheAliasAndItsPrefixCountsOnce() {
        let quit = Suggestions.Candidate("quit", aliases: ["exit", "q"])
        let help = Suggestions.Candidate("help", aliases: ["?"])
        #expect(Suggestions.closest(to: "exti", among: [quit, help]) == "exit")
        #expect(Suggestions.closest(to: "ex", among: [quit, help]) == "quit")
        let twice = Suggestions.Candidate("history", aliases: ["hist"])
        #expect(Suggestions.closest(to: "hi", among: [twice, help]) == "history")
    }

    @Test func emptyAndOverlongWordsGetNothing() {
        #expect(Suggestions.closest(to: "", in: ["a", "ab"]) == nil)
        let long = String(repeating: "a", count: Suggestions.longestWord + 1)
        #expect(Suggestions.closest(to: long, in: [long]) == nil)
    }
}
