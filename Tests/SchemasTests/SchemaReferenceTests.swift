import Testing
import Schemas

extension SchemaTests {
    @Suite struct References {
        @Test(arguments: ["$defs", "definitions"])
        func refsIntoDefinitions(container: String) throws {
            let document = try SchemaTests.load(#"""
            {"\#(container)":{"Price":{"type":"number","title":"Price"}},
             "type":"object","properties":{"price":{"$ref":"#/\#(container)/Price"}}}
            """#)
            let price = try #require(document.root.property(named: "price"))
            #expect(price.name == "Price")
            #expect(price.types == ["number"])
            #expect(price.pointer == "#/\(container)/Price")
            #expect(try SchemaTests.failures(document, #"{"price":"9.50"}"#) == [#"price: expected number, found string "9.50""#])
        }

        /// The shape of `openapi.json#/components/schemas/Pet`: the whole document is the `$ref` root.
        let openAPI = #"""
        {"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},
         "components":{"schemas":{
           "Pet":{"type":"object","required":["id","name"],"properties":{
             "id":{"type":"integer","format":"int64"},"name":{"type":"string","title":"Name"},
             "owner":{"$ref":"#/components/schemas/Owner","nullable":true},
             "toys":{"type":"array","items":{"$ref":"#/components/schemas/Toy"}}}},
           "Owner":{"type":"object","required":["name"],"properties":{"name":{"type":"string"}}},
           "Toy":{"$ref":"#/components/schemas/Thing","description":"a toy"},
           "Thing":{"type":"string","enum":["ball","bone"]},
           "Odd/Name":{"type":"boolean"}}}}
        """#

        @Test func aFragmentOfALargerDocument() throws {
            let document = try SchemaTests.load(openAPI, pointer: "#/components/schemas/Pet")
            let pet = document.root
            #expect(pet.name == "Pet")
            #expect(pet.properties.map(\.name) == ["id", "name", "owner", "toys"])
            #expect(pet.property(named: "name")?.title == "Name")
            #expect(pet.property(named: "owner")?.typeDescription == "Owner | null")
            #expect(pet.property(named: "toys")?.typeDescription == "array of Toy")
            #expect(pet.property(named: "toys")?.items?.description == "a toy")
            #expect(try SchemaTests.failures(document, #"{"id":1,"name":"Rex","owner":null,"toys":["ball"]}"#) == [])
            #expect(try SchemaTests.failures(document, #"{"id":1,"name":"Rex","owner":{},"toys":["ball","stick"]}"#) == [
                "owner.name: expected a value, found no such field",
                #"toys[1]: expected one of "ball", "bone", found string "stick""#,
            ])
        }

        @Test func pointerFormsAndEscapes() throws {
            let plain = try SchemaTests.load(openAPI, pointer: "/components/schemas/Pet")
            #expect(plain.root.name == "Pet")
            let escaped = try SchemaTests.load(openAPI, pointer: "#/components/schemas/Odd~1Name")
            #expect(escaped.root.types == ["boolean"])
            let percent = try SchemaTests.load(openAPI, pointer: "#/components/schemas/Odd~1%4Eame")
            #expect(percent.root.types == ["boolean"])
        }

        @Test func aPointerThatNamesNothing() throws {
            let error = try #require(throws: SchemaError.self) {
                try SchemaTests.load(openAPI, pointer: "#/components/schemas/Nope")
            }
            #expect(error == .pointerNotFound("#/components/schemas/Nope"))
            #expect(error.description == "pointer '#/components/schemas/Nope' not found")
        }

        @Test func aDanglingRefIsAnErrorNamingIt() throws {
            let error = try #require(throws: SchemaError.self) {
                try SchemaTests.load(##"{"properties":{"a":{"items":{"$ref":"#/components/schemas/Nope"}}}}"##)
            }
            #expect(error.description == "dangling $ref '#/components/schemas/Nope'")
        }

        @Test func otherBadSchemas() throws {
            #expect(throws: SchemaError.notAnObject("#/properties/a")) {
                try SchemaTests.load(#"{"properties":{"a":3}}"#)
            }
            #expect(throws: SchemaError.unsupportedRef("other.json#/Pet")) {
                try SchemaTests.load(#"{"$ref":"other.json#/Pet"}"#)
            }
            #expect(throws: SchemaError.refCycle("#/$defs/A")) {
                try SchemaTests.load(##"{"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/A"}},"$ref":"#/$defs/A"}"##)
            }
            let error = try #require(throws: SchemaError.self) { try SchemaTests.load(#"{"type":"text"}"#) }
            #expect(error.description == "schema at '#': 'type' must be a type name or a list of them")
            #expect(throws: SchemaError.invalidKeyword(pointer: "#/items", keyword: "required", expected: "a list of names")) {
                try SchemaTests.load(#"{"items":{"required":true}}"#)
            }
        }

        @Test func aLongChainOfRefsCostsNoStack() throws {
            // GIVEN 5,000 definitions, each only a $ref to the next, the last a string
            let count = 5_000
            var definitions = (0..<count - 1).map { ##""D\##($0)":{"$ref":"#/$defs/D\##($0 + 1)"}"## }
            definitions.append(#""D\#(count - 1)":{"type":"string","title":"Leaf"}"#)
            let document = try SchemaTests.load(##"{"$defs":{\##(definitions.joined(separator: ","))},"$ref":"#/$defs/D0"}"##)
            // THEN the root stands for the leaf, keeping the nearest name
            #expect(document.root.types == ["string"])
            #expect(document.root.name == "D0")
            #expect(document.root.title == "Leaf")
            #expect(document.root.pointer == "#/$defs/D\(count - 1)")
            #expect(try SchemaTests.failures(document, "1") == ["expected string, found number 1"])
        }

        /// A tree whose nodes hold arrays of trees.
        let tree = #"""
        {"$ref":"#/$defs/Tree",
         "$defs":{"Tree":{"type":"object","required":["value"],
                          "properties":{"value":{"type":"integer"},"children":{"type":"array","items":{"$ref":"#/$defs/Tree"}}}}}}
        """#

        @Test func aSelfReferencingSchemaLoadsAndDescribesItself() throws {
            let document = try SchemaTests.load(tree)
            let root = document.root
            #expect(root.name == "Tree")
            let children = try #require(root.property(named: "children"))
            #expect(children.typeDescription == "array of Tree")
            #expect(children.items?.isSame(as: root) == true)
            #expect(children.items?.items == nil)
        }

        @Test func aSelfReferencingSchemaValidatesADeepValue() throws {
            // GIVEN a value 240 trees deep (480 JSON levels, near the parser's 512)
            let depth = 240
            var text = #"{"value":"bottom"}"#
            for level in 0..<depth {
                text = #"{"value":\#(level),"children":[\#(text)]}"#
            }
            let document = try SchemaTests.load(tree)
            let failures = document.validate(try SchemaTests.json(text))
            // THEN the one bad leaf is found, with its whole path
            #expect(failures.count == 1)
            #expect(failures.first?.path == String(repeating: "children[0].", count: depth) + "value")
            #expect(failures.first?.found == #"string "bottom""#)
        }
    }
}
