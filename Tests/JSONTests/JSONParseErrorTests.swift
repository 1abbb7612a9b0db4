import Foundation
import Testing
import JSON

@Suite struct JSONParseErrorTests {
    private func parseError(_ text: String) -> JSONParseError? {
        parseError(Data(text.utf8))
    }

    private func parseError(_ data: Data) -> JSONParseError? {
        do {
            _ = try JSONValue.parse(data)
            return nil
        } catch {
            return error
        }
    }

    @Test func reportsLineAndColumnOfAMissingComma() throws {
        // GIVEN a member followed by garbage on line 3, column 14
        let text = "{\n  \"a\": 1,\n  \"bc\": true x\n}"
        // WHEN parsed
        let error = try #require(parseError(text))
        // THEN the error points there and reads as one line
        #expect(error.line == 3)
        #expect(error.column == 14)
        #expect(error.offset == 25)
        #expect(error.description.hasPrefix("line 3, column 14: expected ',' or '}' after object member"))
        #expect(!error.description.contains("\n"))
    }

    @Test func truncatedDocumentPointsAtTheEnd() throws {
        let error = try #require(parseError(#"{"city":"Rich"#))
        #expect(error.line == 1)
        #expect(error.column == 14)
        #expect(error.offset == 13)
        #expect(error.message.contains("unexpected end of input"))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "é" is two bytes but one column; "😀" four bytes, one column.
        let error = try #require(parseError("[\"é😀\", x]"))
        #expect(error.column == 8)
        #expect(error.offset == 11)
    }

    @Test func windowsLineEndingsCountOneLineEach() throws {
        let error = try #require(parseError("[\r\n1,\r\n2,\r\n]"))
        #expect(error.line == 4)
        #expect(error.column == 1)
        #expect(error.message == "trailing comma before ']'")
    }

    @Test func messagesNameTheProblem() throws {
        let cases: [(String, String)] = [
            ("", "empty input"),
            ("  ", "unexpected end of input; expected a JSON value"),
            ("[1,]", "trailing comma before ']'"),
            (#"{"a":1,}"#, "trailing comma before '}'"),
            ("012", "leading zeros"),
            (#""\ud800""#, "unpaired surrogate \\uD800"),
            (#""\udc00""#, "unpaired surrogate \\uDC00"),
            ("[1] [2]", "unexpected '[' after the JSON value"),
            ("{a:1}", "expected a string key, found 'a'"),
            (#"{"a" 1}"#, "expected ':' after object key"),
            ("\"a\tb\"", "control character in string (tab"),
            (#""\q""#, #"invalid escape '\q'"#),
            ("nul", "expected 'null'"),
            ("1.", "expected a digit after '.'"),
        ]
        for (text, fragment) in cases {
            let error = try #require(parseError(text), "expected \(text.debugDescription) to fail")
            #expect(error.message.contains(fragment), "\(text.debugDescription): \(error.message)")
        }
    }

    @Test func invalidUTF8IsNamedAndLocated() throws {
        let bytes: [UInt8] = Array(#"{"s":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        let error = try #require(parseError(Data(bytes)))
        #expect(error.offset == 6)
        #expect(error.column == 7)
        #expect(error.message.contains("invalid UTF-8"))
        #expect(error.message.contains("0xFF"))

        let surrogate = try #require(parseError(Data([0x22, 0xED, 0xA0, 0x80, 0x22])))
        #expect(surrogate.message.contains("surrogate"))
        let overlong = try #require(parseError(Data([0x22, 0xC0, 0xAF, 0x22])))
        #expect(overlong.message.contains("overlong"))
    }

    @Test func byteOrderMarkIsRejectedWithAClearMessage() throws {
        let error = try #require(parseError(Data([0xEF, 0xBB, 0xBF, 0x31])))
        #expect(error.offset == 0)
        #expect(error.message.contains("byte order mark"))
    }

    @Test func nestingLimitIsReportedAtTheOffendingBracket() throws {
        let error = try #require(parseError(String(repeating: "[", count: 600)))
        #expect(error.offset == 512)
        #expect(error.message.contains("512"))
    }
}
