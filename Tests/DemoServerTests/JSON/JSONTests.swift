import Foundation
import Testing
@testable import DemoServer

@Suite("JSON writer and parser")
struct JSONTests {
    @Test func writerEscapesStringsAndKeepsKeyOrder() {
        let value = JSON.object([
            ("z", .string("quote \" backslash \\ newline \n tab \t bell \u{7} é 한")),
            ("a", .array([.int(1), .double(2.5), .bool(true), .null, .twoDecimals(3)])),
            ("empty", .object([])),
        ])
        let text = String(decoding: JSONWriter.encode(value, pretty: false), as: UTF8.self)
        #expect(text == #"{"z":"quote \" backslash \\ newline \n tab \t bell \u0007 é 한","a":[1,2.5,true,null,3.00],"empty":{}}"#)
    }

    @Test func prettyOutputIsIndentedAndParsesBack() throws {
        let value = JSON.object([("a", .array([.int(1), .object([("b", .string("c"))])])), ("d", .array([]))])
        let text = String(decoding: JSONWriter.encode(value, pretty: true), as: UTF8.self)
        #expect(text == "{\n  \"a\": [\n    1,\n    {\n      \"b\": \"c\"\n    }\n  ],\n  \"d\": []\n}\n")
        #expect(try JSONParser.parse(Array(text.utf8)) == value)
    }

    @Test func parserKeepsNumberLiteralsAndOrder() throws {
        let parsed = try JSONParser.parse(Array(#" {"b": 530.10, "a": -1e3, "c": [true, false, null], "s": "\u00e9\ud83d\ude00\/"} "#.utf8))
        #expect(parsed.objectValue?.map(\.0) == ["b", "a", "c", "s"])
        #expect(String(decoding: parsed.bytes, as: UTF8.self) == #"{"b":530.10,"a":-1e3,"c":[true,false,null],"s":"é😀/"}"#)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "\"\u{1}\"", "tru", "{\"a\":1} x", "\"\\x\"", "[1 2]"])
    func parserRejectsInvalidDocuments(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func parserAgreesWithFoundationOnTheBuiltInFixtures() throws {
        for path in BuiltInFixtures.paths {
            let bytes = try #require(BuiltInFixtures.files[path])
            let parsed = try JSONParser.parse(bytes)
            #expect(parsed == BuiltInFixtures.documents[path], "\(path)")
            #expect(throws: Never.self) { try JSONDecoder().decode(AnyDecodable.self, from: Data(bytes)) }
        }
    }

    @Test func numbersFormatAsExpected() {
        #expect(NumberFormatting.shortest(25) == "25")
        #expect(NumberFormatting.shortest(51.50998) == "51.50998")
        #expect(NumberFormatting.shortest(-0.1337) == "-0.1337")
        #expect(NumberFormatting.twoDecimals(530.1) == "530.10")
        #expect(NumberFormatting.twoDecimals(-2.916) == "-2.92")
        #expect(NumberFormatting.twoDecimals(-0.004) == "0.00")
        #expect(NumberFormatting.twoDecimals(0.05) == "0.05")
    }
}

/// Accepts any JSON, to check that Foundation reads what the writer wrote.
private struct AnyDecodable: Decodable {
    init(from decoder: Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyDecodable.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyDecodable.self, forKey: key) }
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { return }
            if (try? single.decode(Bool.self)) != nil { return }
            if (try? single.decode(Double.self)) != nil { return }
            _ = try single.decode(String.self)
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
