import Testing
import JSON
import HTTPTypes

/// OpenAPI's styles for a value written as form fields or query parameters.
@Suite struct FormStyleTests {
    private let tags = JSONValue.array([.string("a"), .string("b c")])
    private let point = JSONValue.object(JSONObject([("x", .number(1)), ("y", .string("2"))]))

    @Test func arraysByStyle() {
        #expect(FormStyle().fields("t", tags) == [FormField("t", "a"), FormField("t", "b c")])
        #expect(FormEncoding.encode(FormStyle(explode: false).fields("t", tags)) == "t=a,b%20c")
        #expect(FormStyle(style: .spaceDelimited).fields("t", tags) == [FormField("t", "a b c")])
        #expect(FormStyle(style: .pipeDelimited).fields("t", tags) == [FormField("t", "a|b c")])
        #expect(FormStyle(style: .deepObject).fields("t", tags) == [FormField("t[0]", "a"), FormField("t[1]", "b c")])
    }

    @Test func objectsByStyle() {
        #expect(FormStyle().fields("p", point) == [FormField("x", "1"), FormField("y", "2")])
        #expect(FormEncoding.encode(FormStyle(explode: false).fields("p", point)) == "p=x,1,y,2")
        #expect(FormStyle(style: .deepObject, explode: true).fields("p", point) == [FormField("p[x]", "1"), FormField("p[y]", "2")])
    }

    @Test func aFormListKeepsItsCommasOnTheWireAndEncodesAnItemsOwn() {
        // GIVEN a list not exploded, one item holding a comma, and the other delimiters
        let list = JSONValue.array([.string("a"), .string("b,c"), .string("d e")])
        // THEN the commas between items go as they are (OpenAPI's `tags=a,b`), an item's own is encoded
        #expect(FormEncoding.encode(FormStyle(explode: false).fields("t", list)) == "t=a,b%2Cc,d%20e")
        #expect(FormEncoding.encode(FormStyle(style: .spaceDelimited).fields("t", list)) == "t=a%20b%2Cc%20d%20e")
        #expect(FormEncoding.encode(FormStyle(style: .pipeDelimited).fields("t", list)) == "t=a%7Cb%2Cc%7Cd%20e")
        // AND a value that is no list keeps encoding its commas
        #expect(FormEncoding.encode([FormField("t", "a,b")]) == "t=a%2Cb")
    }

    @Test func itemsAreReadBackByTheSameStyle() {
        #expect(FormStyle(explode: false).items(of: "a,b") == ["a", "b"])
        #expect(FormStyle(style: .pipeDelimited).items(of: "a|b") == ["a", "b"])
        #expect(FormStyle(style: .spaceDelimited).items(of: "a b") == ["a", "b"])
        #expect(FormStyle().items(of: "a,b") == ["a,b"])
    }

    @Test func bracketsInNamesGoOnTheWireAsTheyAre() {
        #expect(FormEncoding.encode([FormField("metadata[order_id]", "67 35")]) == "metadata[order_id]=67%2035")
    }
}
