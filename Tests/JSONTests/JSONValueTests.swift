import Testing
import JSON

@Suite struct JSONValueTests {
    private let weather: JSONValue = [
        "city": "Richmond", "temperature": 63, "ratio": 0.5, "sunny": true, "note": nil,
        "days": ["Mon", "Tue"], "meta": ["count": 2],
    ]

    @Test func accessorsReturnValuesOnlyForTheirType() {
        #expect(weather["city"]?.stringValue == "Richmond")
        #expect(weather["temperature"]?.intValue == 63)
        #expect(weather["temperature"]?.doubleValue == 63)
        #expect(weather["ratio"]?.intValue == nil)
        #expect(weather["ratio"]?.doubleValue == 0.5)
        #expect(weather["sunny"]?.boolValue == true)
        #expect(weather["note"]?.isNull == true)
        #expect(weather["days"]?.arrayValue?.count == 2)
        #expect(weather["meta"]?.objectValue?.keys == ["count"])
        #expect(weather["city"]?.intValue == nil)
        #expect(weather["missing"] == nil)
        #expect(weather[0] == nil)
        #expect(weather["days"]?[1] == "Tue")
        #expect(weather["days"]?[2] == nil)
        #expect(weather["days"]?[-1] == nil)
    }

    @Test func typeNamesAreTheUsualOnes() {
        let names = [weather["meta"], weather["days"], weather["city"], weather["temperature"],
                     weather["sunny"], weather["note"]].map { $0?.typeName }
        #expect(names == ["object", "array", "string", "number", "boolean", "null"])
    }

    @Test func displayTextUnquotesOnlyStrings() {
        #expect(weather["city"]?.displayText == "Richmond")
        #expect(weather["temperature"]?.displayText == "63")
        #expect(weather["days"]?.displayText == #"["Mon","Tue"]"#)
        #expect(weather["note"]?.displayText == "null")
        #expect(JSONValue.string("a\"b").displayText == "a\"b")
    }

    @Test func literalsBuildTheMatchingCases() {
        let null: JSONValue = nil
        let float: JSONValue = 2.5
        #expect(null == .null)
        #expect(float.numberValue?.text == "2.5")
        #expect(weather["sunny"] == .bool(true))
        #expect(weather.objectValue?.keys == ["city", "temperature", "ratio", "sunny", "note", "days", "meta"])
    }

    @Test func numbersCompareByExactDecimalValue() throws {
        func number(_ text: String) throws -> JSONNumber { try #require(JSONNumber(text: text)) }
        #expect(try number("1") == number("1.0"))
        #expect(try number("1") == number("10e-1"))
        #expect(try number("100") == number("1E2"))
        #expect(try number("-0") == number("0"))
        #expect(try number("0.10") == number("1e-1"))
        #expect(try number("9007199254740993") != number("9007199254740992"))
        #expect(try number("0.1") != number("0.10000000000000001"))
        #expect(Set([try number("1"), try number("1.00"), try number("1e0")]).count == 1)
    }

    @Test func numberConversionsAreExactOrNil() throws {
        #expect(JSONNumber(text: "3e2")?.int == 300)
        #expect(JSONNumber(text: "3.0")?.int == 3)
        #expect(JSONNumber(text: "3.5")?.int == nil)
        #expect(JSONNumber(text: "-9223372036854775808")?.int == Int.min)
        #expect(JSONNumber(text: "1e19")?.int == nil)
        #expect(JSONNumber(text: "2.5")?.isInteger == false)
        #expect(JSONNumber(text: "25e-1")?.double == 2.5)
        let whole = 63.0, tenth = 0.1, huge = 1e300
        #expect(JSONNumber(whole)?.text == "63")
        #expect(JSONNumber(tenth)?.text == "0.1")
        #expect(JSONNumber(huge)?.text == "1e+300")
        #expect(JSONNumber(.infinity) == nil)
        #expect(JSONNumber(.nan) == nil)
    }

    @Test func numberTextMustBeValidJSON() {
        for invalid in ["", "01", "+1", ".5", "1.", " 1", "1 ", "NaN", "0x10", "\"1\""] {
            #expect(JSONNumber(text: invalid) == nil, "\(invalid)")
        }
        #expect(JSONNumber(text: "-0.5e+3")?.text == "-0.5e+3")
    }

    @Test func objectsKeepOrderAndLetTheLastDuplicateWin() throws {
        let object = try #require(try JSONValue.parse(#"{"b":1,"a":2,"b":3}"#).objectValue)
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == 3)
        #expect(object.map(\.key) == ["b", "a"])
        #expect(object.count == 2)
    }

    @Test func wideObjectsResolveDuplicatesToo() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let object = try #require(try JSONValue.parse("{\(members),\"k5\":\"last\"}").objectValue)
        #expect(object.count == 40)
        #expect(object["k5"] == "last")
        #expect(object["k39"] == 39)
        #expect(object.keys.firstIndex(of: "k5") == 5)
    }

    @Test func canonicallyEquivalentKeysAreTwoKeysWhateverTheObjectSize() throws {
        // "é" precomposed (U+00E9) and decomposed (e + U+0301) are one Swift String, but two JSON names.
        let small = try JSONValue.parse(#"{"\u00e9":1,"e\u0301":2}"#)
        #expect(small.objectValue?.count == 2)
        #expect(small["\u{E9}"] == 1)
        #expect(small["e\u{301}"] == 2)
        let filler = (0..<40).map { #""f\#($0)":0"# }.joined(separator: ",")
        let wide = try JSONValue.parse(#"{"\u00e9":1,"# + filler + #","e\u0301":2}"#)
        #expect(wide.objectValue?.count == 42)
        #expect(wide["e\u{301}"] == 2)
        #expect(wide["\u{E9}"] == 1)
        #expect(try JSONValue.parse(#"{"\u00e9":1,"\u00e9":2}"#)["\u{E9}"] == 2)
    }

    @Test func objectEqualityIgnoresMemberOrder() throws {
        let first = try JSONValue.parse(#"{"a":1,"b":[1,2]}"#)
        let second = try JSONValue.parse(#"{"b":[1,2],"a":1.0}"#)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != (try JSONValue.parse(#"{"a":1,"b":[2,1]}"#)))
    }

    @Test func objectMutationKeepsPositions() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = "two"
        object["d"] = 4
        object["a"] = nil
        #expect(object.keys == ["b", "c", "d"])
        #expect(object["b"] == "two")
        #expect(object.removeValue(forKey: "zz") == nil)
        for position in 0..<20 { object["x\(position)"] = .number(JSONNumber(position)) }
        object.removeValue(forKey: "x3")
        #expect(object["x19"] == 19)
        #expect(object["x3"] == nil)
        #expect(object.count == 22)
    }
}
