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

        @Test func splitsAtEverySlashCodePointAsRFC6901Reads() {
            // A slash followed by a combining mark is one `Character` but still the separator, and `~1` before
            // one still an escape: pointers are code points. Seeded texts of slashes, escapes, ASCII and other
            // scalars against a split and an unescape of the scalars.
            let pieces = ["/", "/", "a", "~0", "~1", "é", "\u{301}", "€", "😀", "x y", "%2F"]
            var state: UInt64 = 47
            func next() -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(state >> 33)
            }
            func unescaped(_ scalars: Substring.UnicodeScalarView) -> String {
                var result = String.UnicodeScalarView()
                var escaping = false
                for scalar in scalars {
                    if escaping {
                        result.append(scalar == "0" ? "~" : "/")
                        escaping = false
                    } else if scalar == "~" {
                        escaping = true
                    } else {
                        result.append(scalar)
                    }
                }
                return String(result)
            }
            var disagreements = 0
            for _ in 0..<2_000 {
                let text = "/" + (0..<(next() % 8)).map { _ in pieces[next() % pieces.count] }.joined()
                let expected = Substring(text).unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
                    .map { unescaped(Substring.UnicodeScalarView($0)) }
                if JSONPointer(text)?.tokens != expected { disagreements += 1 }
            }
            #expect(disagreements == 0)
            #expect(JSONPointer("/a/\u{301}b")?.tokens == ["a", "\u{301}b"])
            #expect(JSONPointer("/~1\u{301}")?.tokens == ["/\u{301}"])
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
