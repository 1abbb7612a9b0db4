import Foundation
import Testing
import JSON

/// The spaces that indent a line are stepped over eight at a time: a run of any length, ending anywhere in
/// or across those words (at a value, a tab, another line, the end of the input), parses as a byte at a time
/// would, and a mistake after it is placed on its line and column.
@Suite struct JSONIndentationScanTests {
    @Test(arguments: 0..<20)
    func anIndentationOfAnyLengthIsSteppedOver(_ width: Int) throws {
        let indent = String(repeating: " ", count: width)
        // GIVEN a pretty-printed document indented `width` spaces, with a tab and a carriage return after some runs
        let text = "{\n\(indent)\"a\": [\n\(indent)\t1,\r\n\(indent)  true\n\(indent)],\n\(indent)\"b\": \"x\(indent)y\"\n\(indent)}\n\(indent)"
        // WHEN it is parsed  THEN it is the value a compact document gives
        #expect(try JSONValue.parse(Data(text.utf8)) == JSONValue.parse(Data(#"{"a": [1, true], "b": "x\#(indent)y"}"#.utf8)))
    }

    @Test(arguments: 0..<20)
    func aMistakeAfterAnIndentationIsPlacedOnItsLineAndColumn(_ width: Int) {
        let indent = String(repeating: " ", count: width)
        do {
            _ = try JSONValue.parse(Data("[\n1,\n\(indent)x]".utf8))
            Issue.record("parsed")
        } catch let error as JSONParseError {
            #expect(error.line == 3 && error.column == width + 1, "\(error)")
        } catch {
            Issue.record("\(error)")
        }
        // An indentation that runs to the end of the input is the end of the input.
        #expect((try? JSONValue.parse(Data("[1,\n\(indent)".utf8))) == nil)
        #expect((try? JSONValue.parse(Data("[1]\n\(indent)".utf8))) == [1])
    }
}
