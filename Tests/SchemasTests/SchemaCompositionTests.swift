import Testing
import Schemas

extension SchemaTests {
    @Suite struct Composition {
        let pets = #"""
        {"$defs":{
           "Cat":{"title":"Cat","type":"object","required":["meows"],"properties":{"meows":{"type":"boolean"}}},
           "Dog":{"type":"object","required":["barks"],"properties":{"barks":{"type":"boolean"}}},
           "Named":{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"tag":{"type":"string"}}}},
         "type":"object",
         "properties":{
           "any":{"anyOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}]},
           "one":{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}]},
           "scalar":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}
        """#

        @Test func allOfMergesPropertiesInOrderAndUnionsRequired() throws {
            // GIVEN Pet = allOf [Named, {id}] with its own property declared before the allOf
            let document = try SchemaTests.load(#"""
            {"$defs":{"Named":{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"tag":{"type":"string"}}},
                      "Pet":{"properties":{"kind":{"type":"string"}},
                             "allOf":[{"$ref":"#/$defs/Named"},{"required":["id","name"],"properties":{"id":{"type":"integer","format":"int64"}}}]}}}
            """#, pointer: "#/$defs/Pet")
            let pet = document.root
            // THEN properties follow the keywords' document order, required is a union without repeats
            #expect(pet.properties.map(\.name) == ["kind", "name", "tag", "id"])
            #expect(pet.required == ["name", "id"])
            #expect(pet.types == ["object"])
            #expect(pet.property(named: "id")?.typeDescription == "integer (int64)")
            // AND validation checks every branch
            #expect(try SchemaTests.failures(document, #"{"kind":"cat","name":"Tom","id":1}"#) == [])
            #expect(try SchemaTests.failures(document, #"{"kind":1,"name":2}"#) == [
                "kind: expected string, found number 1",
                "name: expected string, found number 2",
                "id: expected a value, found no such field",
            ])
        }

        @Test func anyOfPassesWhenABranchDoes() throws {
            let document = try SchemaTests.load(pets)
            #expect(try SchemaTests.failures(document, #"{"any":{"meows":true},"scalar":3}"#) == [])
            #expect(try SchemaTests.failures(document, #"{"any":{"barks":true},"scalar":"x"}"#) == [])
            // AND a miss names the closest alternative and its first failure
            #expect(try SchemaTests.failures(document, #"{"any":{"purrs":1},"scalar":2.5}"#) == [
                "any: expected one of: Cat, Dog, found object; closest: Cat (any.meows: expected a value, found no such field)",
                "scalar: expected one of: string, integer, found number 2.5",
            ])
        }

        @Test func oneOfNeedsExactlyOneBranch() throws {
            let document = try SchemaTests.load(pets)
            #expect(try SchemaTests.failures(document, #"{"one":{"barks":false}}"#) == [])
            #expect(try SchemaTests.failures(document, #"{"one":{"meows":true,"barks":true}}"#) == [
                "one: expected exactly one of: Cat, Dog, found object matching Cat, Dog",
            ])
            #expect(try SchemaTests.failures(document, #"{"one":"cat"}"#) == [
                #"one: expected one of: Cat, Dog, found string "cat""#,
            ])
            #expect(document.root.property(named: "one")?.oneOf.map(\.displayName) == ["Cat", "Dog"])
            #expect(document.root.property(named: "any")?.typeDescription == "Cat | Dog")
        }

        @Test func anAllOfCycleEnds() throws {
            // GIVEN schemas whose allOf reach each other
            let document = try SchemaTests.load(#"""
            {"$defs":{"A":{"allOf":[{"$ref":"#/$defs/B"}],"properties":{"a":{"type":"string"}}},
                      "B":{"allOf":[{"$ref":"#/$defs/A"}],"properties":{"b":{"type":"string"}}}},
             "$ref":"#/$defs/A"}
            """#)
            // THEN they load, merge what they can and validate without looping
            #expect(document.root.properties.map(\.name).sorted() == ["a", "b"])
            #expect(try SchemaTests.failures(document, #"{"a":1,"b":2}"#).sorted() == [
                "a: expected string, found number 1",
                "b: expected string, found number 2",
            ])
        }
    }
}
