import Foundation
import Testing
import JSON

@Suite struct JSONEncodingTests {
    private let sample: JSONValue = [
        "city": "Richmond",
        "temps": [63, 1.5, -2],
        "flags": [true, nil],
        "empty": [:],
        "none": [],
        "nested": ["a": ["b": "c"]],
    ]

    @Test func compactOutputHasNoWhitespace() {
        let value: JSONValue = ["a": 1, "b": [true, nil]]
        #expect(value.encoded() == #"{"a":1,"b":[true,null]}"#)
        #expect(value.description == #"{"a":1,"b":[true,null]}"#)
    }

    @Test func prettyOutputMatchesGolden() {
        let golden = """
        {
          "city": "Richmond",
          "temps": [
            63,
            1.5,
            -2
          ],
          "flags": [
            true,
            null
          ],
          "empty": {},
          "none": [],
          "nested": {
            "a": {
              "b": "c"
            }
          }
        }
        """
        #expect(sample.encoded(pretty: true) == golden)
    }

    @Test func sortedKeysOrdersMembersAtEveryLevel() {
        let value: JSONValue = ["b": ["z": 1, "y": 2], "a": 0]
        #expect(value.encoded(sortedKeys: true) == #"{"a":0,"b":{"y":2,"z":1}}"#)
        #expect(value.encoded() == #"{"b":{"z":1,"y":2},"a":0}"#)
    }

    @Test func stringsEscapeWhatJSONRequiresAndWhatATerminalWouldObey() {
        let value: JSONValue = .string("q\"b\\n\nt\tr\rb\u{08}f\u{0C}c\u{01}\u{1F}/é😀\u{7F}")
        #expect(value.encoded() == #""q\"b\\n\nt\tr\rb\bf\fc\u0001\u001f/é😀\u007f""#)
    }

    @Test func c1ControlsAreEscapedAndLatinLettersAreNot() throws {
        // GIVEN the one-byte CSI, NEL and the last C1 control beside U+00A0 and é (C2 A0, C3 A9)
        let value: JSONValue = ["k\u{9B}": .string("\u{9B}31m\u{85}\u{9F}\u{A0}é\u{80}")]
        let text = value.encoded()
        #expect(text == #"{"k\u009b":"\u009b31m\u0085\u009f"# + "\u{A0}é" + #"\u0080"}"#)
        #expect(try JSONValue.parse(text) == value)
    }

    @Test func lineAndParagraphSeparatorsAreEscapedSoJSONLinesStayOneLine() throws {
        // GIVEN text holding U+2028 and U+2029 (valid in JSON, but line ends to many line-splitting readers)
        let value: JSONValue = .object(JSONObject([("name", .string("a\u{2028}b\u{2029}c\u{2027}"))]))

        // WHEN encoded / THEN both are escaped, nothing else changes, and the text reads back the same
        let text = value.encoded()
        #expect(text == #"{"name":"a\u2028b\u2029c"# + "\u{2027}\"}")
        #expect(!text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
        #expect(try JSONValue.parse(Data(text.utf8)) == value)
    }

    @Test func numbersAreWrittenAsParsed() throws {
        let text = #"[1.50,-0,1E+2,1e400,123456789012345678901234567890,0.1e-7]"#
        #expect(try JSONValue.parse(text).encoded() == text)
    }

    @Test func dataMatchesStringOutput() {
        #expect(sample.encodedData(pretty: true) == Data(sample.encoded(pretty: true).utf8))
        #expect(sample.encodedData() == Data(sample.encoded().utf8))
    }

    @Test func roundTripsThroughParse() throws {
        for pretty in [false, true] {
            #expect(try JSONValue.parse(sample.encoded(pretty: pretty)) == sample)
        }
        let awkward: JSONValue = ["": "", "key with \"quotes\"": ["\u{0}", "\u{10FFFF}", "\u{2028}"]]
        #expect(try JSONValue.parse(awkward.encoded()) == awkward)
    }

    @Test func codableWritesNaturalJSONAndReadsItBack() throws {
        let value: JSONValue = ["n": 3, "d": 2.5, "s": "x", "b": false, "z": nil, "a": [1, "two"]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(value)
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":[1,"two"],"b":false,"d":2.5,"n":3,"s":"x","z":null}"#)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}
