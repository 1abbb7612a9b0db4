import Foundation
import JSON
import Testing
@testable import Schemas

/// An answer is checked on its parsed tape, not on a tree: what only the text shows (a key written twice,
/// an escaped key, a string's code points) is read as the tree reads it, so both checks say the same.
@Suite struct SchemaTapeCheckTests {
    /// The failures of `text` against `schema`, on the tape and on the tree, which must agree.
    func failures(_ text: String, _ schema: String) throws -> [String] {
        let document = try SchemaDocument(document: JSONValue.parse(schema))
        let onTape = document.validate(try JSONDocument.parse(Data(text.utf8)), limit: 5)
        let onTree = document.validate(try JSONValue.parse(text), limit: 5)
        #expect(onTape == onTree, "tape \(onTape) against tree \(onTree)")
        return onTape.map(\.description)
    }

    /// A graph reads each pattern once, but patterns that are canonical twins (`é` written as one code point
    /// and as `e` with a combining accent) are two patterns, matching different texts.
    @Test func canonicallyEquivalentPatternsStayTwoPatterns() throws {
        let schema = #"{"properties": {"a": {"pattern": "^\u00e9$"}, "b": {"pattern": "^e\u0301$"}, "c": {"pattern": "^\u00e9$"}}}"#
        #expect(try failures(#"{"a": "\u00e9", "b": "e\u0301", "c": "\u00e9"}"#, schema).isEmpty)
        #expect(try failures(#"{"a": "e\u0301"}"#, schema).count == 1)
        #expect(try failures(#"{"b": "\u00e9"}"#, schema).count == 1)
    }

    @Test func aKeyWrittenTwiceIsCheckedWithItsLastValue() throws {
        let schema = #"{"properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": false}"#
        #expect(try failures(#"{"a": "x", "a": 1}"#, schema).isEmpty)
        #expect(try failures(#"{"a": 1, "a": "x"}"#, schema) == [#"a: expected integer, found string "x""#])
        // Two members count as one for the member count, as in the tree.
        #expect(try failures(#"{"a": 1, "a": 2}"#, #"{"maxProperties": 1}"#).isEmpty)
        // Required names beyond `properties`, and members no schema evaluated, on an object with a repeated key.
        #expect(try failures(#"{"b": 1, "b": 2}"#, #"{"required": ["b"]}"#).isEmpty)
        #expect(try failures(#"{"b": 1, "b": 2}"#, #"{"required": ["a"]}"#) == ["a: expected a value, found no such field"])
        #expect(try failures(#"{"a": 1, "b": 2, "a": 3}"#, #"{"properties": {"a": true}, "unevaluatedProperties": false}"#)
            == ["b: expected no such field (unevaluatedProperties is false), found number 2"])
    }

    @Test func requiredNamesAreToldFromPropertiesInShortAndLongLists() throws {
        // A few names are compared pair by pair; past 256 pairs by their bytes. Both ways, by code points.
        for count in [3, 40] {
            let properties = (0..<count).map { #""p\#($0)": {"type": "integer"}"# }.joined(separator: ", ")
            let required = ((0..<count).map { #""p\#($0)""# } + [#""é""#, #""extra""#]).joined(separator: ", ")
            let schema = #"{"properties": {\#(properties), "é": {"type": "string"}}, "required": [\#(required)]}"#
            let all = (0..<count).map { #""p\#($0)": \#($0)"# }.joined(separator: ", ")
            #expect(try failures(#"{\#(all), "é": "x", "extra": 1}"#, schema).isEmpty)
            #expect(try failures(#"{\#(all), "e\u0301": "x"}"#, schema) == ["é: expected a value, found no such field", "extra: expected a value, found no such field"])
            #expect(try failures(#"{"é": "x", "extra": null}"#, schema).first == "p0: expected a value, found no such field")
        }
    }

    @Test func anEscapedKeyIsTheNameItSpells() throws {
        let schema = #"{"properties": {"é": {"type": "integer"}}, "required": ["é"]}"#
        #expect(try failures(#"{"\u00e9": 1}"#, schema).isEmpty)
        #expect(try failures(#"{"\u00e9": true}"#, schema) == ["é: expected integer, found boolean true"])
        // The decomposed spelling is another name (JSON compares code points).
        #expect(try failures(#"{"e\u0301": 1}"#, schema) == ["é: expected a value, found no such field"])
    }

    @Test func aStringsLengthIsItsCodePoints() throws {
        let schema = #"{"type": "string", "minLength": 3, "maxLength": 3}"#
        #expect(try failures(#""äöü""#, schema).isEmpty)
        #expect(try failures(#""\u00e4\u00f6\u00fc""#, schema).isEmpty)
        #expect(try failures(#""😀😀""#, schema) == [#"expected at least 3 characters, found string "😀😀""#])
    }

    @Test func unevaluatedPropertiesSeeTheMembersTheTapeHolds() throws {
        let schema = #"{"allOf": [{"properties": {"a": true}}], "unevaluatedProperties": false}"#
        #expect(try failures(#"{"a": 1}"#, schema).isEmpty)
        #expect(try failures(#"{"a": 1, "b": 2}"#, schema) == ["b: expected no such field (unevaluatedProperties is false), found number 2"])
    }

    /// The fast pass (`TapePlan`) passes an answer by itself only when it is valid, bounds met exactly
    /// included; whatever it passes or leaves, the answer's failures are the full validator's.
    @Test func theFastPassPassesOnlyValidAnswers() throws {
        let schema = #"""
        {"type": "object", "required": ["n", "rating"], "properties": {
          "n": {"type": "integer", "minimum": 0}, "rating": {"type": "number", "minimum": 0, "maximum": 5},
          "low": {"type": "number", "exclusiveMaximum": 5}, "mode": {"enum": ["open", "closed"]},
          "tags": {"type": "array", "items": {"type": "string", "maxLength": 3}}, "id": {"type": "string", "readOnly": true}}}
        """#
        let document = try SchemaDocument(document: JSONValue.parse(schema))
        func fast(_ text: String) throws -> Bool { document.root.passesFastCheck(try JSONDocument.parse(Data(text.utf8)), use: .response) }
        #expect(try fast(#"{"n": 0, "rating": 5.00, "mode": "open", "tags": ["a", "bcd"]}"#))
        #expect(try failures(#"{"n": 0, "rating": 5.00, "mode": "open", "tags": ["a", "bcd"]}"#, schema).isEmpty)
        #expect(try !fast(#"{"n": 0, "rating": 5.01}"#))
        #expect(try failures(#"{"n": 0, "rating": 5.01}"#, schema) == ["rating: expected a number of at most 5, found number 5.01"])
        #expect(try !fast(#"{"n": 0, "rating": 1, "low": 5.0}"#))
        #expect(try !fast(#"{"n": 0, "rating": 1, "mode": "shut"}"#))
        #expect(try !fast(#"{"n": 0, "rating": 1, "tags": ["abcd"]}"#))
        #expect(try !fast(#"{"rating": 1}"#))
        // A key written twice is left to the full validator, which reads its last value.
        #expect(try !fast(#"{"n": "x", "n": 0, "rating": 1}"#))
        #expect(try failures(#"{"n": "x", "n": 0, "rating": 1}"#, schema).isEmpty)
    }

    /// The plan is compiled once the answers a graph checked add up to `bytesBeforePlan`: a short answer is
    /// checked by the full validator alone, a long one (or many short ones) through the plan, with the same
    /// failures either way.
    @Test func thePlanIsMadeOnlyOnceAnswersPayForIt() throws {
        let schema = #"{"type": "array", "items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}"#
        let document = try SchemaDocument(document: JSONValue.parse(schema))
        let graph = document.root.graph
        let short = try JSONDocument.parse(Data(#"[{"id": 1}, {"id": "x"}]"#.utf8))
        #expect(graph.plan(forAnswerOf: short.data.count) == nil)
        #expect(document.root.validate(short).map(\.description) == [#"[1].id: expected integer, found string "x""#])
        let rows = Array(repeating: #"{"id": 12345}"#, count: SchemaGraph.bytesBeforePlan / 12)
        let long = try JSONDocument.parse(Data(("[" + rows.joined(separator: ",") + #", {"id": "x"}]"#).utf8))
        #expect(graph.plan(forAnswerOf: long.data.count) != nil)
        #expect(document.root.validate(long).map(\.description) == ["[\(rows.count)].id: expected integer, found string \"x\""])
        // Once made, the plan serves short answers too.
        #expect(graph.plan(forAnswerOf: 1) != nil)
    }

    /// The fast pass reads a number's nearest `Double` itself for short decimals (digits times or divided by
    /// a power of ten): the same `Double` as `Double(_:)` (strtod) gives, for every spelling JSON allows.
    @Test func theFastPassReadsNumbersAsStrtodDoes() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "0.0", "-0.0", "5", "5.00", "5.01", "0.05", "1e2", "1E+2", "1e-2", "-1.5e-3", "123456789012345",
                     "1234567890123456", "0.1", "0.3", "1e22", "1e23", "1e-22", "1e-23", "9007199254740993", "4.35",
                     "51.507351", "-0.127758", "1.7976931348623157e308", "5e-324", "0.000001", "100e-5", "00.5e1"]
        for _ in 0..<2_000 {
            let whole = String(Int.random(in: -999_999...999_999, using: &generator))
            let fraction = String(Int.random(in: 0...99_999_999, using: &generator))
            let exponent = Int.random(in: -30...30, using: &generator)
            texts.append("\(whole).\(fraction)")
            texts.append("\(whole).\(fraction)e\(exponent)")
            texts.append("\(whole)e\(exponent)")
        }
        for text in texts {
            let read = Array(text.utf8).withUnsafeBufferPointer { TapeFastPass.double($0) }
            guard let expected = Double(text), expected.isFinite else {
                #expect(read == nil, "\(text)")
                continue
            }
            #expect(read?.0 == expected, "\(text): \(String(describing: read?.0)) against \(expected)")
            #expect(read?.0.sign == expected.sign, "\(text)")
        }
    }
}
