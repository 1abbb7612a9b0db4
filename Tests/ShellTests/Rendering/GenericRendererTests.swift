import Facade
import Testing
@testable import Shell
import JSON
@testable import Rendering

@Suite struct GenericRendererTests {
    @Test func objectOfScalarsBecomesLabelledRows() {
        let value: JSONValue = ["city": "Richmond", "state": "VA", "currentTemperature": 63, "sunny": true]
        #expect(GenericRenderer.render(value, width: 80, style: .plain) == """
            city                Richmond
            state               VA
            currentTemperature  63
            sunny               true

            """)
    }

    @Test func nestedValuesInAnObjectAreCompactJSONCutToTheWidth() {
        let value: JSONValue = [
            "_id": "t01", "writer": ["_id": "u02", "name": "Minji", "profileImage": "https://img.example/u02.png"],
            "tags": [1, 2],
        ]
        let output = GenericRenderer.render(value, width: 40, style: .plain)
        #expect(output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        #expect(output == """
            _id     t01
            writer  {"_id":"u02","name":"Minji","pr…
            tags    [1,2]

            """)
    }

    @Test func longScalarValuesInAnObjectWrapUnderTheValueColumn() {
        let long = String(repeating: "word ", count: 12) + "end"
        let value: JSONValue = ["bio": .string(long), "nested": [:]]
        #expect(GenericRenderer.render(value, width: 40, style: .plain) == """
            bio     word word word word word word
                    word word word word word word
                    end
            nested  {}

            """)
        #expect(GenericRenderer.render(value, width: 0, style: .plain) == "bio     \(long)\nnested  {}\n")
    }

    @Test func nestedValuesInTableCellsSayWhatTheyHoldWhenLong() {
        let writer: JSONValue = ["_id": "u03", "name": "Seojun", "profileImage": "https://img.example/u03.png"]
        let value: JSONValue = [
            ["_id": "t01", "writer": writer, "tags": [1, 2], "likes": .array((1...5).map { JSONValue.number(JSONNumber($0)) })],
            ["_id": "t02", "writer": ["name": "Minji"], "tags": [], "likes": [["by": "u01"]]],
        ]
        #expect(GenericRenderer.render(value, width: 80, style: .plain) == """
            _id  writer            tags   likes
            t01  {…3 keys}         [1,2]  [1,2,3,4,5]
            t02  {"name":"Minji"}  []     [{"by":"u01"}]

            """)
        #expect(GenericRenderer.cell(nested: .array((1...30).map { JSONValue.number(JSONNumber($0)) })) == "[…30]")
        #expect(GenericRenderer.cell(nested: ["a": .string(String(repeating: "x", count: 30))]) == "{…1 key}")
    }

    @Test func arrayOfObjectsBecomesATableOfTheUnionOfKeys() {
        let value: JSONValue = [
            ["_id": "t01", "likeCount": 3, "writer": ["name": "Minji"]],
            ["_id": "t02", "likeCount": 12, "isRetwit": true],
            ["likeCount": nil, "_id": "t03"],
        ]
        #expect(GenericRenderer.render(value, width: 80, style: .plain) == """
            _id  likeCount  writer            isRetwit
            t01          3  {"name":"Minji"}
            t02         12                    true
            t03       null

            """)
    }

    @Test func numericColumnsAreRightAlignedOthersLeft() {
        let value: JSONValue = [["n": 1, "s": "a"], ["n": 100, "s": "bbbb"], ["n": 2.5, "s": 7]]
        #expect(GenericRenderer.render(value, width: 80, style: .plain) == """
              n  s
              1  a
            100  bbbb
            2.5  7

            """)
    }

    @Test func wideGenericTablesAreCutWidestColumnFirst() {
        let text = "A long description of the group that goes on and on"
        let value: JSONValue = [["id": 1, "name": "London French Meetup", "description": .string(text)]]
        let output = GenericRenderer.render(value, width: 60, style: .plain)
        #expect(output == """
            id  name                  description
             1  London French Meetup  A long description of the group t…

            """)
        #expect(output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 60 })
    }

    @Test func arrayOfScalarsIsOneItemPerLine() {
        let value: JSONValue = [1, "two", true, nil, "서울"]
        #expect(GenericRenderer.render(value, width: 80, style: .plain) == "1\ntwo\ntrue\nnull\n서울\n")
    }

    @Test func mixedArraysShowNestedItemsAsCompactJSON() {
        let value: JSONValue = [1, ["a": 1], [true, "x"]]
        #expect(GenericRenderer.render(value, width: 80, style: .plain) == "1\n{\"a\":1}\n[true,\"x\"]\n")
    }

    @Test func emptyContainersSaySo() {
        #expect(GenericRenderer.render([], width: 80, style: .plain) == "(empty array)\n")
        #expect(GenericRenderer.render([:], width: 80, style: .plain) == "(empty object)\n")
        #expect(GenericRenderer.render([[:], [:]], width: 80, style: .plain) == "{}\n{}\n")
    }

    @Test func scalarsShowTheirDisplayText() throws {
        #expect(GenericRenderer.render("hello", width: 80, style: .plain) == "hello\n")
        #expect(GenericRenderer.render(try JSONValue.parse("1.50"), width: 80, style: .plain) == "1.50\n")
        #expect(GenericRenderer.render(false, width: 80, style: .plain) == "false\n")
        #expect(GenericRenderer.render(nil, width: 80, style: .plain) == "null\n")
    }

    @Test func colourOnlyWhenColorIsOn() {
        let value: JSONValue = [["a": 1]]
        #expect(!GenericRenderer.render(value, width: 80, style: .plain).contains("\u{1B}"))
        #expect(GenericRenderer.render(value, width: 80, style: .colored).contains("\u{1B}[1ma\u{1B}[0m"))
    }
}
