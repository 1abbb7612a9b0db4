import Testing
@testable import LineEditing

@Suite struct HistoryEncodingTests {
    @Test(arguments: [
        "plain",
        "two  spaces",
        "tab\there",
        "back\\slash \\040",
        "ctl\u{1}\u{7F}x",
        "ünï çødé 🎉",
        " lead",
        "trail ",
        "nl\nin",
        "",
    ])
    func roundTrips(_ line: String) {
        let encoded = HistoryEncoding.encode(line)
        #expect(!encoded.contains(" ") && !encoded.contains("\n") && !encoded.contains("\t"))
        #expect(HistoryEncoding.decode(Array(encoded.utf8)) == line)
    }

    @Test func encodesLikeLibedit() {
        #expect(HistoryEncoding.encode("use weather v2") == #"use\040weather\040v2"#)
        #expect(HistoryEncoding.encode(#"a\b"#) == #"a\\b"#)
    }

    /// Lines as libedit 3.1's write_history wrote them in the C locale (captured from a real run).
    @Test func decodesLibeditsOwnForms() {
        #expect(HistoryEncoding.decode(Array(#"back\134slash\040\134040"#.utf8)) == #"back\slash \040"#)
        #expect(HistoryEncoding.decode(Array(#"ctl\^A\^?x"#.utf8)) == "ctl\u{1}\u{7F}x")
        let utf8AsMeta = #"\M-C\M-<n\040\M-p\M^_\M^N\M^I"#
        #expect(HistoryEncoding.decode(Array(utf8AsMeta.utf8)) == "ün 🎉")
        #expect(HistoryEncoding.decode(Array(#"a\sb\tc"#.utf8)) == "a b\tc")
    }

    @Test func keepsUnknownEscapesAndRepairsInvalidUTF8() {
        #expect(HistoryEncoding.decode(Array(#"\q"#.utf8)) == "q")
        #expect(HistoryEncoding.decode([0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
        #expect(HistoryEncoding.decode(Array(#"end\"#.utf8)) == #"end\"#)
    }
}
