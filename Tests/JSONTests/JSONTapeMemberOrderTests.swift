import Foundation
import Testing
@testable import JSON

/// Members are looked up from where the last one was found when an object's keys are all different, and by a
/// scan of every member otherwise. Each case without a repeated key is decoded both from the tape and by
/// JSONDecoder, and the two must agree; with a repeated key the last one wins, as in the parser's `JSONObject`
/// (JSONDecoder keeps the first, a choice RFC 8259 leaves open).
@Suite("Decoding an object's members in any order")
struct JSONTapeMemberOrderTests {
    private struct Three: Decodable, Equatable {
        let a: Int
        let b: String?
        let c: Double?
    }

    /// Declared in the reverse order of the documents below, so every lookup starts past its key.
    private struct Backwards: Decodable, Equatable {
        let c: Double?
        let b: String?
        let a: Int
    }

    /// Keys of the same length, first and last byte: the cheap distinctness test cannot tell them apart.
    private struct Alike: Decodable, Equatable {
        let abc: Int
        let axc: Int
        let ayc: Int?
    }

    private struct Escaped: Decodable, Equatable {
        let café: Int
        let plain: Int
    }

    private func both<T: Decodable & Equatable>(_ type: T.Type, _ json: String) throws -> (tape: T, foundation: T) {
        let data = Data(json.utf8)
        let tape = try JSONTapeDecoder().decode(T.self, from: JSONDocument.parse(data))
        let foundation = try JSONDecoder().decode(T.self, from: data)
        return (tape, foundation)
    }

    @Test(arguments: [
        #"{"a": 1, "b": "x", "c": 2.5}"#,
        #"{"c": 2.5, "b": "x", "a": 1}"#,
        #"{"b": "x", "a": 1}"#,
        #"{"z": [1, {"a": 9}], "a": 1, "y": {"b": "no"}, "c": 2.5}"#,
    ])
    func membersAreFoundInEveryOrder(_ json: String) throws {
        let three = try both(Three.self, json)
        #expect(three.tape == three.foundation)
        let backwards = try both(Backwards.self, json)
        #expect(backwards.tape == backwards.foundation)
        #expect(three.tape.a == 1 && backwards.tape.a == 1)
    }

    @Test func theLastOfARepeatedKeyWins() throws {
        let decoded = try both(Three.self, #"{"a": 1, "b": "first", "a": 3, "c": 1.0, "b": "last"}"#)
        #expect(decoded.tape == Three(a: 3, b: "last", c: 1.0))
    }

    @Test func keysThatLookAlikeAreStillTold() throws {
        let decoded = try both(Alike.self, #"{"axc": 2, "abc": 1, "ayc": 3}"#)
        #expect(decoded.tape == Alike(abc: 1, axc: 2, ayc: 3))
        let missing = try both(Alike.self, #"{"abc": 1, "axc": 2}"#)
        #expect(missing.tape == Alike(abc: 1, axc: 2, ayc: nil))
        #expect(missing.tape == missing.foundation)
    }

    @Test func anEscapedKeyIsTheSameKey() throws {
        let decoded = try both(Escaped.self, #"{"plain": 2, "caf\u00e9": 1}"#)
        #expect(decoded.tape == Escaped(café: 1, plain: 2))
        let repeated = try both(Escaped.self, #"{"café": 1, "plain": 2, "caf\u00e9": 3}"#)
        #expect(repeated.tape == Escaped(café: 3, plain: 2))
    }

    @Test func aMissingRequiredKeyIsStillReported() throws {
        #expect(throws: DecodingError.self) {
            try JSONTapeDecoder().decode(Three.self, from: JSONDocument.parse(Data(#"{"b": "x", "c": 1}"#.utf8)))
        }
    }

    /// Whether the object at the root has no key twice, as the tape reader tells it.
    private func distinct(_ json: String) throws -> Bool {
        try JSONDocument.parse(Data(json.utf8)).read { $0.keysAreDistinct(0) }
    }

    @Test func keysInOneBucketAreComparedWithEachOther() throws {
        // "ab" and "h1" share a bucket (same length, 7·first + last alike modulo 256), as do "abc"/"axc"/"ayc".
        #expect(try distinct(#"{"ab": 1, "h1": 2}"#))
        #expect(try distinct(#"{"abc": 1, "axc": 2, "ayc": 3, "h1": 4, "ab": 5}"#))
        #expect(try !distinct(#"{"ab": 1, "h1": 2, "ab": 3}"#))
        #expect(try !distinct(#"{"h1": 1, "abc": 2, "axc": 3, "zz": 4, "axc": 5}"#))
        // Twenty-five keys of a group as the check meets them: distinct, and then one written twice.
        let names = (0..<25).map { "\"field_\($0)\": \($0)" }
        #expect(try distinct("{" + names.joined(separator: ", ") + "}"))
        #expect(try !distinct("{" + (names + [#""field_7": 0"#]).joined(separator: ", ") + "}"))
        let decoded = try both(Three.self, #"{"ab": 0, "a": 1, "h1": 2, "b": "x", "a": 4}"#)
        #expect(decoded.tape.a == 4)
    }
}
