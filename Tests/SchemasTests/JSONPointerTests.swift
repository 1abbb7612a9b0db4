import Testing
import JSON

extension SchemaTests {
    @Suite struct Pointer {
        @Test func parsesFragmentAndPlainForms() throws {
            #expect(JSONPointer("#/components/schemas/Pet")?.tokens == ["components", "schemas", "Pet"])
            #expect(JSONPointer("/a/b")?.tokens == ["a", "b"])
            #expect(JSONPointer("#")?.isRoot == true)
            #expect(JSONPointer("")?.isRoot == true)
            #expect(JSONPointer("/")?.tokens == [""])
        }

        @Test func unescapesTildesAndPercentsInFragments() throws {
            // GIVEN the OpenAPI way of naming a path item
            let pointer = try #require(JSONPointer("#/paths/~1pets~1%7BpetId%7D/get"))
            // THEN ~1 is a slash and %7B/%7D are braces; description escapes back without percent-encoding
            #expect(pointer.tokens == ["paths", "/pets/{petId}", "get"])
            #expect(pointer.description == "#/paths/~1pets~1{petId}/get")
            #expect(JSONPointer("/a~0b~01")?.tokens == ["a~b~1"])
            // A plain pointer is not percent-decoded
            #expect(JSONPointer("/a%20b")?.tokens == ["a%20b"])
        }

        @Test(arguments: ["a/b", "#a", "/a~2", "/a~"])
        func rejectsText(_ text: String) {
            #expect(JSONPointer(text) == nil)
        }

        @Test func resolvesIntoObjectsAndArrays() throws {
            let document = try SchemaTests.json(#"{"a":{"b":[10,{"c~d":true}]},"":1}"#)
            #expect(JSONPointer("/a/b/0")?.resolve(in: document) == 10)
            #expect(JSONPointer("/a/b/1/c~0d")?.resolve(in: document) == true)
            #expect(JSONPointer("/")?.resolve(in: document) == 1)
            #expect(JSONPointer("#")?.resolve(in: document) == document)
            #expect(JSONPointer("/a/b/2")?.resolve(in: document) == nil)
            #expect(JSONPointer("/a/b/01")?.resolve(in: document) == nil)
            #expect(JSONPointer("/a/b/-")?.resolve(in: document) == nil)
            #expect(JSONPointer("/a/x")?.resolve(in: document) == nil)
        }
    }
}
