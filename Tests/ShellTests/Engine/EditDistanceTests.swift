import Testing
@testable import Shell

@Suite struct EditDistanceTests {
    @Test func swapsOfNeighboursCountOnce() {
        #expect(EditDistance.damerauLevenshtein("servcies", "services") == 1)
        #expect(EditDistance.damerauLevenshtein("hepl", "help") == 1)
    }

    @Test func insertionsDeletionsAndSubstitutions() {
        #expect(EditDistance.damerauLevenshtein("refesh", "refresh") == 1)
        #expect(EditDistance.damerauLevenshtein("kitten", "sitting") == 3)
        #expect(EditDistance.damerauLevenshtein("", "use") == 3)
        #expect(EditDistance.damerauLevenshtein("same", "same") == 0)
    }

    @Test func aTransposedPairIsNotEditedAgain() {
        // Optimal string alignment: "ca" → "abc" is 3, not the 2 of unrestricted Damerau–Levenshtein.
        #expect(EditDistance.damerauLevenshtein("ca", "abc") == 3)
    }
}
