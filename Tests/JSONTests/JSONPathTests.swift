import Testing
import JSON

@Suite struct JSONPathTests {
    private let document: JSONValue = [
        "data": [
            ["_id": "t01", "likeCount": 3, "writer": ["name": "Minji"]],
            ["_id": "t02", "likeCount": 7, "writer": ["name": "Yujin"]],
        ],
        "meta": ["total_count": 2, "odd key": ["b": true], "id list": [63974]],
        "results": [["id": 63974, "city": "London"]],
    ]

    @Test(arguments: [
        ("data[0]._id", "data[0]._id"),
        (".data[0]._id", "data[0]._id"),
        ("results[3].city", "results[3].city"),
        ("meta.total_count", "meta.total_count"),
        ("[2]", "[2]"),
        (".[2]", "[2]"),
        (#"a["odd key"].b"#, #"a["odd key"].b"#),
        (#"a["plain"]"#, "a.plain"),
        (#"["a.b"]"#, #"["a.b"]"#),
        (#"[""]"#, #"[""]"#),
        ("items[-1]", "items[-1]"),
        ("data[_id=t01].likeCount", "data[_id=t01].likeCount"),
        (#"data[_id="a b"]"#, #"data[_id="a b"]"#),
        ("$ref.content-type", "$ref.content-type"),
        ("é.ü[0][1]", "é.ü[0][1]"),
        ("", "."),
        (".", "."),
    ])
    func parsesAndRendersCanonically(_ input: String, _ canonical: String) throws {
        let path = try JSONPath.parse(input)
        #expect(path.description == canonical)
        #expect(try JSONPath.parse(path.description) == path)
    }

    @Test func componentsAreTheStepsWritten() throws {
        let path = try JSONPath.parse(#"a["odd key"][-1][id=7]"#)
        #expect(path.components == [.key("a"), .key("odd key"), .index(-1), .match(field: "id", value: "7")])
        #expect(JSONPath.root.isRoot)
        #expect(JSONPath.root.appending(.key("x")).description == "x")
    }

    @Test(arguments: [
        ("a.", 3, "expected a name"),
        ("a..b", 3, "expected a name"),
        ("a[", 2, "unterminated '['"),
        ("a[1", 2, "unterminated '['"),
        ("a[x]", 4, "expected an index, a quoted key or field=value"),
        ("a[]", 3, "empty '[]'"),
        ("a b", 2, "expected '.' or '['"),
        (#"a["x"#, 3, "unterminated quoted key"),
        (#"a["\q"]"#, 3, "invalid quoted key"),
        ("a[1]x", 5, "expected '.' or '['"),
        ("a[id=]", 6, "expected a value"),
        ("a[99999999999999999999]", 3, "out of range"),
        ("..", 2, "expected a name"),
    ])
    func rejectsMalformedPaths(_ input: String, _ position: Int, _ fragment: String) {
        do {
            let path = try JSONPath.parse(input)
            Issue.record("expected \(input) to fail, got \(path)")
        } catch {
            #expect(error.position == position, "\(error)")
            #expect(error.message.contains(fragment), "\(error)")
            #expect(error.description.hasPrefix("invalid path \(JSONValue.string(input).encoded()): character \(position): "))
        }
    }

    @Test func looksUpValues() throws {
        #expect(try document.value(at: "data[0]._id") == "t01")
        #expect(try document.value(at: "data[-1].writer.name") == "Yujin")
        #expect(try document.value(at: "data[-2]._id") == "t01")
        #expect(try document.value(at: "meta.total_count") == 2)
        #expect(try document.value(at: #"meta["odd key"].b"#) == true)
        #expect(try document.value(at: #"meta["id list"][0]"#) == 63974)
        #expect(try document.value(at: "data[_id=t02].likeCount") == 7)
        #expect(try document.value(at: "results[id=63974].city") == "London")
        #expect(try document.value(at: "") == document)
        #expect(try document.value(at: ".") == document)
        #expect(try JSONValue.parse("[1,2,3]").value(at: "[2]") == 3)
    }

    @Test func missingStepsGiveNil() throws {
        #expect(try document.value(at: "data[2]") == nil)
        #expect(try document.value(at: "data[-3]") == nil)
        #expect(try document.value(at: "data.length") == nil)
        #expect(try document.value(at: "meta[0]") == nil)
        #expect(try document.value(at: "meta.total_count.x") == nil)
        #expect(try document.value(at: "data[_id=zz]") == nil)
        #expect(try document.value(at: "nothing") == nil)
    }
}
