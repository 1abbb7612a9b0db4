import Foundation
import JSON
import Testing
@testable import DemoServer

@Suite("JSON documents as the server builds and reads them")
struct JSONValueServingTests {
    @Test func buildersKeepMemberOrderAndNumberText() {
        let value = JSONValue.object([
            ("z", .string("quote \" backslash \\ newline \n tab \t bell \u{7} é 한")),
            ("a", .array([.int(1), .double(2.5), .double(25), .bool(true), .null, .twoDecimals(3), .double(.nan)])),
            ("empty", .object([])),
        ])
        let text = String(decoding: value.bytes, as: UTF8.self)
        #expect(text == #"{"z":"quote \" backslash \\ newline \n tab \t bell \u0007 é 한","a":[1,2.5,25,true,null,3.00,null],"empty":{}}"#)
    }

    @Test func servedStringsEscapeLineSeparatorsAndC1ControlsAsApishWrites() {
        let value = JSONValue.string("a\u{2028}b\u{2029}c\u{7F}d\u{9B}e/")
        #expect(String(decoding: value.bytes, as: UTF8.self) == #""a\u2028b\u2029c\u007fd\u009be/""#)
    }

    @Test(arguments: [(530.1, "530.10"), (-2.916, "-2.92"), (-0.004, "0.00"), (0.05, "0.05"), (1234.5, "1234.50"), (12, "12.00")])
    func twoDecimalsRoundsToCents(value: Double, text: String) {
        #expect(JSONNumber.twoDecimals(value)?.text == text)
    }

    @Test func twoDecimalsHasNoFormForNonFiniteValues() {
        #expect(JSONNumber.twoDecimals(.infinity) == nil)
        #expect(JSONValue.twoDecimals(.nan) == .null)
    }

    @Test func settingReplacesInPlaceOrAppends() {
        let record: JSONValue = ["a": 1, "b": 2]
        #expect(record.setting("a", to: "x").encoded() == #"{"a":"x","b":2}"#)
        #expect(record.setting("c", to: true).encoded() == #"{"a":1,"b":2,"c":true}"#)
        #expect(JSONValue.array([]).setting("a", to: 1) == .array([]))
    }

    @Test func readingSkipsAByteOrderMarkAndKeepsLiterals() throws {
        let parsed = try JSONValue.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(#" {"b": 530.10, "a": -1e3, "s": "\u00e9\/"} "#.utf8))
        #expect(String(decoding: parsed.bytes, as: UTF8.self) == #"{"b":530.10,"a":-1e3,"s":"é/"}"#)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: Array("[1,]".utf8)) }
    }

    @Test func builtInFixtureFilesReadBackAsTheirDocuments() throws {
        for path in BuiltInFixtures.paths {
            let bytes = try #require(BuiltInFixtures.files[path])
            #expect(bytes.last == UInt8(ascii: "\n"), "\(path) ends with a newline")
            let parsed = try JSONValue.parse(Data(bytes))
            #expect(parsed.encoded() == BuiltInFixtures.documents[path]?.encoded(), "\(path)")
            #expect(throws: Never.self) { try JSONDecoder().decode(AnyDecodable.self, from: Data(bytes)) }
        }
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
