import Testing
import JSON
@testable import Schemas

extension SchemaTests {
    /// What the official suite leaves to each validator: the words of each failure, the dialect a document
    /// picks, JSON's equality, exact numbers, bounded regexes, and references that are never fetched.
    @Suite struct Keywords {
        static func load(_ text: String, dialect: SchemaDialect? = nil) throws -> SchemaDocument {
            try SchemaDocument(document: JSONValue.parse(text), dialect: dialect)
        }

        @Test func eachKeywordSaysWhatItWanted() throws {
            let cases: [(schema: String, value: String, failure: String)] = [
                (#"{"minimum":5}"#, "3", "expected a number of at least 5, found number 3"),
                (#"{"exclusiveMaximum":5}"#, "5", "expected a number below 5, found number 5"),
                (#"{"multipleOf":0.1}"#, "0.35", "expected a multiple of 0.1, found number 0.35"),
                (#"{"minLength":2}"#, #""é""#, #"expected at least 2 characters, found string "é""#),
                (#"{"pattern":"^a+$"}"#, #""ab""#, #"expected a string matching /^a+$/, found string "ab""#),
                (#"{"maxItems":1}"#, "[1,2]", "expected at most 1 item, found 2"),
                (#"{"uniqueItems":true}"#, "[1,2,1.0]", "expected unique items, found items 0 and 2 equal"),
                (#"{"contains":{"type":"string"}}"#, "[1]", "expected at least 1 item matching string, found 0 in an array of 1"),
                (#"{"properties":{"a":{}},"additionalProperties":false}"#, #"{"a":1,"b":2}"#, "b: expected no such field (additionalProperties is false), found number 2"),
                (#"{"propertyNames":{"maxLength":2}}"#, #"{"abc":1}"#, #"abc: expected a field name that is at most 2 characters, found the name "abc""#),
                (#"{"dependentRequired":{"a":["b"]}}"#, #"{"a":1}"#, "b: expected a value (required with 'a'), found no such field"),
                (#"{"not":{"type":"string"}}"#, #""x""#, #"expected a value that is not string, found string "x""#),
                (#"{"if":{"minimum":10},"then":{"multipleOf":2}}"#, "11", "expected a multiple of 2, found number 11"),
                (#"{"prefixItems":[{"type":"string"}],"items":false}"#, #"["a",1]"#, "[1]: expected no value, found number 1"),
                (#"{"unevaluatedProperties":false,"allOf":[{"properties":{"a":{}}}]}"#, #"{"a":1,"z":2}"#, "z: expected no such field (unevaluatedProperties is false), found number 2"),
                (#"{"const":"x"}"#, #""y""#, #"expected "x", found string "y""#),
                (#"{"minProperties":2}"#, #"{"a":1}"#, "expected an object of at least 2 fields, found 1"),
            ]
            for (schema, value, failure) in cases {
                #expect(try SchemaTests.failures(Self.load(schema), value, limit: 1) == [failure], "\(schema) on \(value)")
            }
        }

        @Test func stringsAndNamesCompareByCodePoints() throws {
            // "ä" precomposed (U+00E4) is not "a" + U+0308, though Swift's String == says they are equal.
            let precomposed = "\u{E4}", decomposed = "a\u{308}"
            #expect(precomposed == decomposed)
            let enumSchema = try Self.load(#"{"enum":["\#(precomposed)"]}"#)
            #expect(enumSchema.validate(.string(precomposed)).isEmpty)
            #expect(!enumSchema.validate(.string(decomposed)).isEmpty)
            #expect(!(try Self.load(#"{"const":"\#(precomposed)"}"#)).validate(.string(decomposed)).isEmpty)
            #expect(!(try Self.load(#"{"uniqueItems":true}"#)).validate(.array([.string(precomposed), .string(precomposed)])).isEmpty)
            #expect((try Self.load(#"{"uniqueItems":true}"#)).validate(.array([.string(precomposed), .string(decomposed)])).isEmpty)
            // AND a member named with the other spelling is another member
            let closed = try Self.load(#"{"properties":{"\#(precomposed)":{"type":"string"}},"required":["\#(precomposed)"],"additionalProperties":false}"#)
            #expect(closed.validate(try JSONValue.parse(#"{"\u00e4":"x"}"#)).isEmpty)
            #expect(try SchemaTests.failures(closed, #"{"a\u0308":1}"#) == [
                "\(precomposed): expected a value, found no such field",
                "\(decomposed): expected no such field (additionalProperties is false), found number 1",
            ])
        }

        @Test func numbersCompareByValueAndDraftsDisagreeOnWholeFloats() throws {
            let integer = #"{"type":"integer"}"#
            #expect(try Self.load(integer, dialect: .draft2020).validate(.number(JSONNumber(text: "1.0")!)).isEmpty)
            #expect(try SchemaTests.failures(Self.load(integer, dialect: .draft4), "1.0") == ["expected integer, found number 1.0"])
            #expect(try Self.load(integer, dialect: .draft4).validate(.number(1)).isEmpty)
            #expect(try Self.load(#"{"enum":[1]}"#).validate(try JSONValue.parse("1.0")).isEmpty)
            #expect(try Self.load(#"{"enum":[true]}"#).validate(.number(1)).count == 1)
            // Big integers exactly: 2^53 + 1 is above 2^53, though both are the same Double.
            #expect(try SchemaTests.failures(Self.load(#"{"maximum":9007199254740992}"#), "9007199254740993", limit: 1)
                == ["expected a number of at most 9007199254740992, found number 9007199254740993"])
            #expect(try Self.load(#"{"multipleOf":0.01}"#).validate(try JSONValue.parse("19.99")).isEmpty)
            #expect(try Self.load(#"{"multipleOf":3}"#).validate(try JSONValue.parse("1e400")).count == 1)
            #expect(try Self.load(#"{"multipleOf":5}"#).validate(try JSONValue.parse("1e400")).isEmpty)
            #expect(try Self.load(#"{"multipleOf":1234567890123456789012345}"#).validate(try JSONValue.parse("2469135780246913578024690")).isEmpty)
        }

        @Test func theDialectComesFromTheDocument() throws {
            #expect(SchemaDialect.of(schema: try JSONValue.parse(#"{"$schema":"http://json-schema.org/draft-04/schema#"}"#)) == .draft4)
            #expect(SchemaDialect.of(schema: try JSONValue.parse(#"{"$schema":"https://json-schema.org/draft/2020-12/schema"}"#)) == .draft2020)
            #expect(SchemaDialect.of(schema: try JSONValue.parse("{}")) == .draft2020)
            #expect(SchemaDialect.of(openAPIVersion: "3.0.3") == .openAPI30)
            #expect(SchemaDialect.of(openAPIVersion: "3.1.0") == .draft2020)
            #expect(SchemaDialect.of(openAPIVersion: "3.1.0", jsonSchemaDialect: "http://json-schema.org/draft-04/schema#") == .draft4)
            // A draft 4 `$ref` hides its siblings; a 2020-12 one does not.
            let text = ##"{"$defs":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/s","maxLength":1}}}"##
            #expect(try Self.load(text, dialect: .draft4).validate(try JSONValue.parse(#"{"a":"long"}"#)).isEmpty)
            #expect(try Self.load(text, dialect: .draft2020).validate(try JSONValue.parse(#"{"a":"long"}"#)).count == 1)
        }

        @Test func identifiersAndAnchorsResolveInsideTheDocumentOnly() throws {
            // A URN and a relative $id name schemas of the document; they are never fetched as files.
            let document = try Self.load(#"""
            {"$id":"urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed",
             "properties":{"a":{"$ref":"#/$defs/pos"},"b":{"$ref":"child.json"},"c":{"$ref":"#pet"}},
             "$defs":{"pos":{"minimum":0},"child":{"$id":"child.json","type":"string"},"pet":{"$anchor":"pet","type":"object"}}}
            """#)
            #expect(try SchemaTests.failures(document, #"{"a":-1,"b":1,"c":2}"#) == [
                "a: expected a number of at least 0, found number -1",
                "b: expected string, found number 1",
                "c: expected object, found number 2",
            ])
            #expect(throws: SchemaError.unsupportedRef("http://example.com/elsewhere.json")) {
                try Self.load(#"{"$ref":"http://example.com/elsewhere.json"}"#)
            }
        }

        @Test func aPatternApishCannotMatchStopsTheCheckAndSaysSo() throws {
            let document = try Self.load(#"{"properties":{"a":{"pattern":"^(?!x)"}}}"#)
            let failures = try SchemaTests.failures(document, #"{"a":"y"}"#)
            #expect(failures.count == 1)
            #expect(failures.first?.hasPrefix("a: expected a check to the end, found the check stopped here (its pattern /^(?!x)/ cannot be matched") == true)
            // AND a pattern that would backtrack for ever is matched in linear time
            let catastrophic = try Self.load(#"{"pattern":"^(a+)+$"}"#)
            #expect(catastrophic.validate(.string(String(repeating: "a", count: 5000) + "!")).count == 1)
        }
    }
}
