import Testing
import Schemas

extension SchemaTests {
    @Suite struct Description {
        @Test func propertyOrderAndTitlesAreExposed() throws {
            // GIVEN a stock quote schema in the order the API author chose (not alphabetical)
            let document = try SchemaTests.load(#"""
            {"title":"Stock quote","description":"one symbol","type":"object",
             "properties":{"symbol":{"type":"string","title":"Symbol"},"name":{"type":"string"},
                           "currentPrice":{"type":"number","title":"Price"},"asOf":{"type":"string","format":"date-time"}}}
            """#)
            let root = document.root
            #expect(root.title == "Stock quote")
            #expect(root.description == "one symbol")
            #expect(root.properties.map(\.name) == ["symbol", "name", "currentPrice", "asOf"])
            #expect(root.properties.map(\.schema.title) == ["Symbol", nil, "Price", nil])
            #expect(root.typeDescription == "object")
        }

        @Test(arguments: [
            (#"{"type":"string"}"#, "string"),
            (#"{"type":"integer"}"#, "integer"),
            (#"{"type":["string","null"]}"#, "string | null"),
            (#"{"type":"number","nullable":true}"#, "number | null"),
            (#"{"type":"array","items":{"type":"array","items":{"type":"boolean"}}}"#, "array of array of boolean"),
            (#"{"type":"array"}"#, "array"),
            (#"{"type":"string","format":"uuid"}"#, "string (uuid)"),
            (#"{"enum":["a","b"]}"#, #""a" | "b""#),
            (#"{"const":3}"#, "3"),
            (#"{"properties":{"a":{}}}"#, "object"),
            (#"{}"#, "any"),
            (#"{"type":"null"}"#, "null"),
            (#"{"anyOf":[{"type":"string"},{"title":"Count","type":"integer"}]}"#, "string | Count"),
        ])
        func typeDescriptions(schema: String, expected: String) throws {
            #expect(try SchemaTests.load(schema).root.typeDescription == expected)
        }
    }
}
