import Foundation
import Testing
import JSON

/// One JSONTestSuite-style case: raw document bytes under a descriptive name.
struct JSONParseCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: JSONValue?

    init(_ name: String, _ text: String, _ expected: JSONValue? = nil) {
        self.name = name
        bytes = Array(text.utf8)
        self.expected = expected
    }

    init(_ name: String, bytes: [UInt8], _ expected: JSONValue? = nil) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
    }

    var testDescription: String { name }
}

private let quote = UInt8(ascii: "\"")

/// Documents every RFC 8259 parser must accept (the `y_` cases of JSONTestSuite, rewritten).
let acceptCases: [JSONParseCase] = [
    JSONParseCase("y_array_empty", "[]", []),
    JSONParseCase("y_array_nested_empty", "[[[]]]", [[[]]]),
    JSONParseCase("y_array_whitespace_everywhere", " \t\r\n[ 1 ,\n\t2\r\n] \n", [1, 2]),
    JSONParseCase("y_array_heterogeneous", #"[null, 1, "1", {}, [], true]"#, [nil, 1, "1", [:], [], true]),
    JSONParseCase("y_object_empty", "{}", [:]),
    JSONParseCase("y_object_basic", #"{"a":"b"}"#, ["a": "b"]),
    JSONParseCase("y_object_empty_key", #"{"":0}"#, ["": 0]),
    JSONParseCase("y_object_duplicate_key_last_wins", #"{"a":1,"b":2,"a":3}"#, ["a": 3, "b": 2]),
    JSONParseCase("y_object_escaped_key", #"{"\u0041\n":true}"#, ["A\n": true]),
    JSONParseCase("y_object_nested", #"{"a":{"b":{"c":[1]}}}"#, ["a": ["b": ["c": [1]]]]),
    JSONParseCase("y_number_zero", "0", 0),
    JSONParseCase("y_number_negative_zero", "-0", .number(JSONNumber(text: "-0")!)),
    JSONParseCase("y_number_negative_zero_fraction", "-0.0", .number(JSONNumber(text: "-0.0")!)),
    JSONParseCase("y_number_capital_exponent_plus", "1E+2", .number(JSONNumber(text: "1E+2")!)),
    JSONParseCase("y_number_exponent_minus", "1e-2", .number(JSONNumber(text: "1e-2")!)),
    JSONParseCase("y_number_exponent_no_sign", "[1e2]", [.number(JSONNumber(text: "1e2")!)]),
    JSONParseCase("y_number_exponent_leading_zeros", "1e007", .number(JSONNumber(text: "1e007")!)),
    JSONParseCase("y_number_huge_exponent", "1e400", .number(JSONNumber(text: "1e400")!)),
    JSONParseCase("y_number_tiny_exponent", "-1e-400", .number(JSONNumber(text: "-1e-400")!)),
    JSONParseCase("y_number_big_integer", "123456789012345678901234567890",
                  .number(JSONNumber(text: "123456789012345678901234567890")!)),
    JSONParseCase("y_number_2_pow_53_plus_1", "9007199254740993", 9_007_199_254_740_993),
    JSONParseCase("y_number_int_min", "-9223372036854775808", .number(JSONNumber(Int.min))),
    JSONParseCase("y_number_fraction", "[3.14159]", [3.14159]),
    JSONParseCase("y_number_zero_fraction_exponent", "0.0e0", 0),
    JSONParseCase("y_string_empty", #""""#, ""),
    JSONParseCase("y_string_all_short_escapes", #""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
    JSONParseCase("y_string_unicode_escape", #""\u00e9""#, "é"),
    JSONParseCase("y_string_unicode_escape_uppercase", #""\u00E9\u20AC""#, "é€"),
    JSONParseCase("y_string_surrogate_pair", #""\ud83d\ude00""#, "😀"),
    JSONParseCase("y_string_escaped_nul", #""a\u0000b""#, "a\u{0}b"),
    JSONParseCase("y_string_escaped_noncharacter", #""\uFFFF""#, "\u{FFFF}"),
    JSONParseCase("y_string_raw_two_byte", bytes: [quote, 0xC3, 0xA9, quote], "é"),
    JSONParseCase("y_string_raw_three_byte", bytes: [quote, 0xE2, 0x82, 0xAC, quote], "€"),
    JSONParseCase("y_string_raw_four_byte", bytes: [quote, 0xF0, 0x9F, 0x98, 0x80, quote], "😀"),
    JSONParseCase("y_string_raw_max_code_point", bytes: [quote, 0xF4, 0x8F, 0xBF, 0xBF, quote], "\u{10FFFF}"),
    JSONParseCase("y_string_raw_last_before_surrogates", bytes: [quote, 0xED, 0x9F, 0xBF, quote], "\u{D7FF}"),
    JSONParseCase("y_string_raw_line_separator", bytes: [quote, 0xE2, 0x80, 0xA8, quote], "\u{2028}"),
    JSONParseCase("y_string_raw_bom_inside_string", bytes: [quote, 0xEF, 0xBB, 0xBF, quote], "\u{FEFF}"),
    JSONParseCase("y_string_raw_del", bytes: [quote, 0x7F, quote], "\u{7F}"),
    JSONParseCase("y_string_with_slash_unescaped", #""a/b""#, "a/b"),
    JSONParseCase("y_literals", "[true,false,null]", [true, false, nil]),
    JSONParseCase("y_top_level_string", #""x""#, "x"),
    JSONParseCase("y_top_level_null_with_spaces", " null ", nil),
    JSONParseCase("y_top_level_false", "false", false),
    JSONParseCase("y_nesting_512", String(repeating: "[", count: 512) + String(repeating: "]", count: 512)),
]

/// Documents every RFC 8259 parser must reject (the `n_` cases of JSONTestSuite, rewritten).
private let rejectCases: [JSONParseCase] = [
    JSONParseCase("n_empty", ""),
    JSONParseCase("n_whitespace_only", " \n\t "),
    JSONParseCase("n_bom_before_value", bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)),
    JSONParseCase("n_array_trailing_comma", "[1,]"),
    JSONParseCase("n_array_only_comma", "[,]"),
    JSONParseCase("n_array_double_comma", "[1,,2]"),
    JSONParseCase("n_array_leading_comma", "[,1]"),
    JSONParseCase("n_array_unclosed", "[1"),
    JSONParseCase("n_array_unclosed_nested", "[[]"),
    JSONParseCase("n_array_missing_comma", "[1 2]"),
    JSONParseCase("n_array_colon", "[1:2]"),
    JSONParseCase("n_array_closed_by_brace", "[}"),
    JSONParseCase("n_object_trailing_comma", #"{"a":1,}"#),
    JSONParseCase("n_object_unquoted_key", "{a:1}"),
    JSONParseCase("n_object_single_quoted_key", "{'a':1}"),
    JSONParseCase("n_object_number_key", "{1:1}"),
    JSONParseCase("n_object_missing_colon", #"{"a" 1}"#),
    JSONParseCase("n_object_comma_for_colon", #"{"a",1}"#),
    JSONParseCase("n_object_missing_value", #"{"a":}"#),
    JSONParseCase("n_object_unclosed", #"{"a":1"#),
    JSONParseCase("n_object_truncated_string", #"{"city":"Rich"#),
    JSONParseCase("n_number_leading_zero", "01"),
    JSONParseCase("n_number_negative_leading_zero", "[-01]"),
    JSONParseCase("n_number_leading_plus", "+1"),
    JSONParseCase("n_number_leading_dot", ".5"),
    JSONParseCase("n_number_trailing_dot", "1."),
    JSONParseCase("n_number_dot_before_exponent", "1.e3"),
    JSONParseCase("n_number_empty_exponent", "1e"),
    JSONParseCase("n_number_exponent_sign_only", "[1e+]"),
    JSONParseCase("n_number_minus_only", "-"),
    JSONParseCase("n_number_minus_space", "- 1"),
    JSONParseCase("n_number_hex", "0x1F"),
    JSONParseCase("n_number_infinity", "Infinity"),
    JSONParseCase("n_number_negative_infinity", "-Infinity"),
    JSONParseCase("n_number_nan", "NaN"),
    JSONParseCase("n_string_unterminated", #""abc"#),
    JSONParseCase("n_string_single_quoted", "'a'"),
    JSONParseCase("n_string_raw_newline", bytes: [quote, UInt8(ascii: "a"), 0x0A, UInt8(ascii: "b"), quote]),
    JSONParseCase("n_string_raw_tab", bytes: [quote, 0x09, quote]),
    JSONParseCase("n_string_raw_nul", bytes: [quote, 0x00, quote]),
    JSONParseCase("n_string_raw_unit_separator", bytes: [quote, 0x1F, quote]),
    JSONParseCase("n_string_invalid_escape", #""\x41""#),
    JSONParseCase("n_string_escape_capital_U", #""\U0041""#),
    JSONParseCase("n_string_escape_too_short", #""\u12""#),
    JSONParseCase("n_string_escape_not_hex", #""\u12G4""#),
    JSONParseCase("n_string_backslash_at_end", bytes: [quote, UInt8(ascii: "\\")]),
    JSONParseCase("n_string_lone_high_surrogate", #""\ud800""#),
    JSONParseCase("n_string_lone_low_surrogate", #""\udc00""#),
    JSONParseCase("n_string_high_then_high", #""\ud800\ud800""#),
    JSONParseCase("n_string_high_then_text", #""\ud83dx""#),
    JSONParseCase("n_string_reversed_pair", #""\ude00\ud83d""#),
    JSONParseCase("n_utf8_lone_continuation", bytes: [quote, 0x80, quote]),
    JSONParseCase("n_utf8_overlong_two_byte_C0", bytes: [quote, 0xC0, 0xAF, quote]),
    JSONParseCase("n_utf8_overlong_two_byte_C1", bytes: [quote, 0xC1, 0xBF, quote]),
    JSONParseCase("n_utf8_overlong_three_byte", bytes: [quote, 0xE0, 0x80, 0xAF, quote]),
    JSONParseCase("n_utf8_overlong_four_byte", bytes: [quote, 0xF0, 0x80, 0x80, 0xAF, quote]),
    JSONParseCase("n_utf8_encoded_high_surrogate", bytes: [quote, 0xED, 0xA0, 0x80, quote]),
    JSONParseCase("n_utf8_encoded_low_surrogate", bytes: [quote, 0xED, 0xBF, 0xBF, quote]),
    JSONParseCase("n_utf8_beyond_10FFFF", bytes: [quote, 0xF4, 0x90, 0x80, 0x80, quote]),
    JSONParseCase("n_utf8_lead_F5", bytes: [quote, 0xF5, 0x80, 0x80, 0x80, quote]),
    JSONParseCase("n_utf8_FF_FE", bytes: [quote, 0xFF, 0xFE, quote]),
    JSONParseCase("n_utf8_truncated_two_byte", bytes: [quote, 0xC3, quote]),
    JSONParseCase("n_utf8_truncated_three_byte", bytes: [quote, 0xE2, 0x82, quote]),
    JSONParseCase("n_utf8_truncated_at_end_of_input", bytes: [quote, 0xE2, 0x82]),
    JSONParseCase("n_utf8_invalid_in_key", bytes: Array(#"{""#.utf8) + [0xFF] + Array(#"":1}"#.utf8)),
    JSONParseCase("n_utf8_outside_string", bytes: [UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")]),
    JSONParseCase("n_nbsp_as_whitespace", bytes: [0xC2, 0xA0, UInt8(ascii: "1")]),
    JSONParseCase("n_form_feed_as_whitespace", "\u{0C}[1]"),
    JSONParseCase("n_literal_truncated_true", "tru"),
    JSONParseCase("n_literal_capitalized", "True"),
    JSONParseCase("n_literal_truncated_null", "[nul]"),
    JSONParseCase("n_garbage_after_value", "[1]x"),
    JSONParseCase("n_two_values", "1 2"),
    JSONParseCase("n_two_objects", "{}{}"),
    JSONParseCase("n_nul_after_value", bytes: Array("[1]".utf8) + [0]),
    JSONParseCase("n_line_comment", "[1]// note"),
    JSONParseCase("n_block_comment", "/* note */ 1"),
    JSONParseCase("n_nesting_513", String(repeating: "[", count: 513) + String(repeating: "]", count: 513)),
    JSONParseCase("n_nesting_100000_objects", String(repeating: #"{"a":"#, count: 100_000)),
]

@Suite struct JSONParserConformanceTests {
    @Test(arguments: acceptCases)
    func accepts(_ testCase: JSONParseCase) throws {
        // GIVEN a valid document WHEN parsed THEN it yields the expected value
        let value = try JSONValue.parse(Data(testCase.bytes))
        if let expected = testCase.expected {
            #expect(value == expected)
        }
        // AND it survives a round trip through the encoder unchanged
        #expect(try JSONValue.parse(value.encoded()) == value)
    }

    @Test(arguments: rejectCases)
    func rejects(_ testCase: JSONParseCase) {
        // GIVEN an invalid document WHEN parsed THEN a positioned error is thrown
        #expect(throws: JSONParseError.self) {
            try JSONValue.parse(Data(testCase.bytes))
        }
    }

    @Test func caseCountsMatchTheSuiteSize() {
        #expect(acceptCases.count >= 40)
        #expect(rejectCases.count >= 60)
        #expect(Set((acceptCases + rejectCases).map(\.name)).count == acceptCases.count + rejectCases.count)
    }

    @Test func numberTextSurvivesExactly() throws {
        for text in ["-0", "1E+2", "1e400", "123456789012345678901234567890", "1.50", "0.1e-7"] {
            let value = try JSONValue.parse("[\(text)]")
            #expect(value[0]?.numberValue?.text == text)
            #expect(value.encoded() == "[\(text)]")
        }
    }

    @Test func bigIntegersStayExact() throws {
        let value = try JSONValue.parse("[9007199254740993, 9223372036854775807, 9223372036854775808]")
        #expect(value[0]?.intValue == 9_007_199_254_740_993)
        #expect(value[1]?.intValue == Int.max)
        #expect(value[2]?.intValue == nil)
        #expect(value[2]?.numberValue?.isInteger == true)
        // Distinct integers that share one Double stay distinct.
        #expect(value[0] != (try JSONValue.parse("9007199254740992")))
    }

    @Test func hugeExponentIsANumberWithoutADouble() throws {
        let value = try JSONValue.parse("1e400")
        #expect(value.typeName == "number")
        #expect(value.doubleValue == nil)
        #expect(value.numberValue?.text == "1e400")
    }

    @Test func stringParsesFromSwiftStringAndDataAlike() throws {
        let text = #"{"city":"Zürich","temps":[1,2.5,-3e2]}"#
        #expect(try JSONValue.parse(text) == (try JSONValue.parse(Data(text.utf8))))
    }
}
