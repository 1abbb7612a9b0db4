import Testing
import JSON
import HTTPTypes

/// OpenAPI's styles for a value written as form fields or query parameters.
@Suite struct FormStyleTests {
    private let tags = JSONValue.array([.string("a"), .string("b c")])
    private let point = JSONValue.object(JSONObject([("x", .number(1)), ("y", .string("2"))]))

    @Test func arraysByStyle() {
        #expect(FormStyle().fields("t", tags) == [FormField("t", "a"), FormField("t", "b c")])
        #expect(FormStyle(explode: false).fields("t", tags) == [FormField("t", "a,b c")])
        #expect(FormStyle(style: .spaceDelimited).fields("t", tags) == [FormField("t", "a b c")])
        #expect(FormStyle(style: .pipeDelimited).fields("t", tags) == [FormField("t", "a|b c")])
        #expect(FormStyle(style: .deepObject).fields("t", tags) == [FormField("t[0]", "a"), FormField("t[1]", "b c")])
    }

    @Test func objectsByStyle() {
        #expect(FormStyle().fields("p", point) == [FormField("x", "1"), FormField("y", "2")])
        #expect(FormStyle(explode: false).fields("p", point) == [FormField("p", "x,1,y,2")])
        #expect(FormStyle(style: .deepObject, explode: true).fields("p", point) == [FormField("p[x]", "1"), FormField("p[y]", "2")])
    }

    @Test func bracketsInNamesGoOnTheWireAsTheyAre() {
        #expect(FormEncoding.encode([FormField("metadata[order_id]", "67 35")]) == "metadata[order_id]=67%2035")
    }
}
