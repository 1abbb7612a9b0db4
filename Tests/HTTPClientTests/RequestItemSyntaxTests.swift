import Testing
import HTTPTypes

/// The one rule by which every command reads a request item: the earliest separator wins, the longer one
/// at one place, and a word with none (or one only at its start) is no item.
@Suite struct RequestItemSyntaxTests {
    private func split(_ item: String) -> String? {
        RequestItemSyntax.split(item).map { "\($0.name)|\($0.separator.rawValue)|\($0.value)" }
    }

    @Test func aWordWithoutASeparatorIsNoItem() {
        for word in ["weather", "7", "/pets/7", "https-example", "", "é\u{301}"] {
            #expect(split(word) == nil, "\(word)")
        }
    }

    @Test func theEarliestSeparatorWinsAndTheLongerOneAtOnePlace() {
        #expect(split("a=b:c") == "a|=|b:c")
        #expect(split("H:a=b") == "H|:|a=b")
        #expect(split("f@a=b.txt") == "f|@|a=b.txt")
        #expect(split("q==1") == "q|==|1")
        #expect(split("n:=[1]") == "n|:=|[1]")
        #expect(split("a===b") == "a|==|=b")
        #expect(split("k=") == "k|=|")
    }

    @Test func aSeparatorAtTheStartOrJoinedToAMarkIsNone() {
        #expect(split("=a") == nil)
        #expect(split(":a=b") == nil)
        // `=` with a combining mark after it is one character, not a separator; the next one is.
        #expect(split("a=\u{301}b=c") == "a=\u{301}b|=|c")
    }
}
