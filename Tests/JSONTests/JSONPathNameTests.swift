import Testing
@testable import JSON

/// A key is written as `.name` when it is a plain name, else as `["…"]`; plain names of ASCII are judged by
/// byte (`JSONPath.isPlainName`), which must agree with the rule by Unicode scalar for every character.
@Suite struct JSONPathNameTests {
    static func byScalar(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(JSONPath.isNameCharacter)
    }

    @Test func everyASCIICharacterAloneAndInsideANameIsJudgedAsByScalar() {
        for value in UInt8(0)...UInt8(0x7F) {
            let character = String(UnicodeScalar(value))
            for name in [character, "a" + character, character + "b", "id" + character + "list"] {
                #expect(JSONPath.isPlainName(name) == Self.byScalar(name), "\(Array(name.utf8))")
            }
        }
    }

    @Test(arguments: ["", "name", "odd key", "a.b", "x[0]", "say\"hi\"", "tab\there", "café", "naïve key", "\u{85}next", "\u{A0}nbsp", "日本", "a\u{2028}b"])
    func namesAreJudgedAsByScalar(name: String) {
        #expect(JSONPath.isPlainName(name) == Self.byScalar(name))
    }

    @Test func keysAreAppendedPlainOrQuoted() {
        #expect(JSONPath.appending(key: "total_count", to: "meta") == "meta.total_count")
        #expect(JSONPath.appending(key: "odd key", to: "meta") == "meta[\"odd key\"]")
        #expect(JSONPath.appending(key: "a.b", to: "") == "[\"a.b\"]")
    }
}
