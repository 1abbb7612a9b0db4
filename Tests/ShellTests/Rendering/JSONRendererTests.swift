import Facade
import Testing
@testable import Shell
import JSON
@testable import Rendering

@Suite struct JSONRendererTests {
    private let sample: JSONValue = [
        "city": "Richmond", "temp": 63, "ok": true, "none": nil,
        "tags": ["a", 1.5, ["deep": false]], "empty": [:], "list": [],
    ]

    @Test func plainPrettyJSONIsIndentedByTwoSpaces() {
        #expect(JSONRenderer.pretty(sample, style: .plain) == """
            {
              "city": "Richmond",
              "temp": 63,
              "ok": true,
              "none": null,
              "tags": [
                "a",
                1.5,
                {
                  "deep": false
                }
              ],
              "empty": {},
              "list": []
            }

            """)
    }

    @Test func plainOutputMatchesTheFacadeEncoder() {
        #expect(JSONRenderer.pretty(sample, style: .plain) == sample.encoded(pretty: true) + "\n")
    }

    @Test func scalarsAndEmptyContainersStandAlone() {
        #expect(JSONRenderer.pretty("hi", style: .plain) == "\"hi\"\n")
        #expect(JSONRenderer.pretty([], style: .plain) == "[]\n")
        #expect(JSONRenderer.pretty(nil, style: .plain) == "null\n")
    }

    @Test func numbersKeepTheirOriginalText() throws {
        let value = try JSONValue.parse(#"{"price":530.10,"big":12345678901234567890}"#)
        #expect(JSONRenderer.pretty(value, style: .plain)
            == "{\n  \"price\": 530.10,\n  \"big\": 12345678901234567890\n}\n")
    }

    @Test func stringsAreEscaped() {
        let value: JSONValue = ["say \"hi\"": "a\"b\\c\nd\u{1B}"]
        #expect(JSONRenderer.pretty(value, style: .plain) == "{\n  \"say \\\"hi\\\"\": \"a\\\"b\\\\c\\nd\\u001b\"\n}\n")
    }

    @Test func coloredOutputColoursKeysStringsNumbersAndLiterals() {
        let value: JSONValue = ["k": "v", "n": 1, "t": true, "f": false, "z": nil]
        #expect(JSONRenderer.pretty(value, style: .colored) == """
            {
              \u{1B}[36m"k"\u{1B}[0m: \u{1B}[32m"v"\u{1B}[0m,
              \u{1B}[36m"n"\u{1B}[0m: \u{1B}[33m1\u{1B}[0m,
              \u{1B}[36m"t"\u{1B}[0m: \u{1B}[35mtrue\u{1B}[0m,
              \u{1B}[36m"f"\u{1B}[0m: \u{1B}[35mfalse\u{1B}[0m,
              \u{1B}[36m"z"\u{1B}[0m: \u{1B}[35mnull\u{1B}[0m
            }

            """)
    }

    @Test func colourCodesOnlyWhenColorIsOn() {
        #expect(!JSONRenderer.pretty(sample, style: .plain).contains("\u{1B}"))
        let colored = JSONRenderer.pretty(sample, style: .colored)
        #expect(colored.contains("\u{1B}["))
        #expect(DisplayWidth.withoutEscapeSequences(colored) == JSONRenderer.pretty(sample, style: .plain))
    }
}
