import Testing
import JSON
import Schemas

extension SchemaTests {
    @Suite struct Validation {
        let stock = #"""
        {"type":"object","required":["symbol","price"],
         "properties":{"symbol":{"type":"string"},"price":{"type":"number"},"volume":{"type":"integer"},
                       "open":{"type":"boolean"},"tags":{"type":"array","items":{"type":"string"}}}}
        """#

        @Test func aMatchingValueHasNoFailures() throws {
            let schema = try SchemaTests.load(stock)
            #expect(try SchemaTests.failures(schema, #"{"symbol":"ACME","price":9.5,"volume":1e3,"open":true,"tags":["x"],"extra":1}"#) == [])
        }

        @Test func violationsNameThePathExpectedAndFoundInTheModelsWords() throws {
            // GIVEN a body whose fields all drifted
            let schema = try SchemaTests.load(stock)
            let failures = try SchemaTests.failures(schema, #"{"symbol":7,"price":"9.50","volume":{},"open":null,"tags":["a",[1]]}"#)
            // THEN each is named, in property order, as the built-in decoder words it
            #expect(failures == [
                #"symbol: expected string, found number 7"#,
                #"price: expected number, found string "9.50""#,
                "volume: expected integer, found object",
                "open: expected boolean, found null",
                "tags[1]: expected string, found array",
            ])
        }

        @Test func theRootHasAnEmptyPath() throws {
            let schema = try SchemaTests.load(stock)
            let failures = schema.validate(try SchemaTests.json("[1]"))
            #expect(failures == [DecodeFailure(path: "", expected: "object", found: "array")])
            #expect(failures[0].description == "expected object, found array")
        }

        @Test func longValuesAreCut() throws {
            let schema = try SchemaTests.load(#"{"type":"number"}"#)
            let long = String(repeating: "x", count: 60)
            let failure = try #require(schema.validate(.string(long)).first)
            #expect(failure.found == "string \"" + String(repeating: "x", count: 36) + "…")
        }

        @Test func nestedArraysGiveIndexedPaths() throws {
            // GIVEN a twit-like envelope of arrays of arrays
            let schema = try SchemaTests.load(#"""
            {"type":"object","properties":{"data":{"type":"array","items":{"type":"object","required":["writer"],
              "properties":{"writer":{"type":"object","required":["name"],"properties":{"name":{"type":"string"}}},
                            "grid":{"type":"array","items":{"type":"array","items":{"type":"integer"}}}}}}}}
            """#)
            let failures = try SchemaTests.failures(schema, #"{"data":[{"writer":{"name":"a"},"grid":[[1,2],[3,4.5]]},{"writer":{"name":false}},{}]}"#)
            #expect(failures == [
                "data[0].grid[1][1]: expected integer, found number 4.5",
                "data[1].writer.name: expected string, found boolean false",
                "data[2].writer: expected a value, found no such field",
            ])
        }

        @Test func oddKeysAreQuotedInPaths() throws {
            let schema = try SchemaTests.load(#"{"properties":{"odd key":{"type":"string"}}}"#)
            #expect(try SchemaTests.failures(schema, #"{"odd key":1}"#) == [#"["odd key"]: expected string, found number 1"#])
        }

        @Test func atMostLimitFailuresAreReported() throws {
            // GIVEN 8 wrong elements
            let schema = try SchemaTests.load(#"{"type":"array","items":{"type":"string"}}"#)
            let value = "[1,2,3,4,5,6,7,8]"
            // THEN 5 by default, or the limit asked for
            #expect(try SchemaTests.failures(schema, value).count == 5)
            #expect(try SchemaTests.failures(schema, value).last == "[4]: expected string, found number 5")
            #expect(try SchemaTests.failures(schema, value, limit: 2).count == 2)
            #expect(try SchemaTests.failures(schema, value, limit: 100).count == 8)
        }

        @Test func missingRequiredFieldsIncludeUndeclaredOnes() throws {
            let schema = try SchemaTests.load(#"{"type":"object","required":["b","a","z"],"properties":{"a":{},"b":{}}}"#)
            // Declared ones in property order, then the others in `required` order
            #expect(try SchemaTests.failures(schema, "{}") == [
                "a: expected a value, found no such field",
                "b: expected a value, found no such field",
                "z: expected a value, found no such field",
            ])
            #expect(try SchemaTests.failures(schema, #"{"a":null,"b":0,"z":""}"#) == [])
        }

        @Test func enumAndConst() throws {
            let schema = try SchemaTests.load(#"""
            {"properties":{"status":{"enum":["available","sold",3]},"kind":{"const":"pet"},"n":{"const":1}}}
            """#)
            #expect(try SchemaTests.failures(schema, #"{"status":"sold","kind":"pet","n":1.0}"#) == [])
            #expect(try SchemaTests.failures(schema, #"{"status":"gone","kind":"dog","n":2}"#) == [
                #"status: expected one of "available", "sold", 3, found string "gone""#,
                #"kind: expected "pet", found string "dog""#,
                "n: expected 1, found number 2",
            ])
        }

        @Test func integerIsANumberWithoutFraction() throws {
            let schema = try SchemaTests.load(#"{"type":"array","items":{"type":"integer"}}"#)
            #expect(try SchemaTests.failures(schema, "[1, 1.0, 10e2, -0, 12345678901234567890123]") == [])
            #expect(try SchemaTests.failures(schema, #"[1.5, 1e-1, "1"]"#) == [
                "[0]: expected integer, found number 1.5",
                "[1]: expected integer, found number 1e-1",
                #"[2]: expected integer, found string "1""#,
            ])
            let number = try SchemaTests.load(#"{"type":"number"}"#)
            #expect(number.validate(5).isEmpty)
        }

        @Test func nullableAndTypeLists() throws {
            let schema = try SchemaTests.load(#"""
            {"properties":{"a":{"type":"string","nullable":true},"b":{"type":["integer","null"]},"c":{"type":"string"}}}
            """#)
            #expect(try SchemaTests.failures(schema, #"{"a":null,"b":null}"#) == [])
            #expect(try SchemaTests.failures(schema, #"{"a":1,"b":"x","c":null}"#) == [
                "a: expected string or null, found number 1",
                #"b: expected integer or null, found string "x""#,
                "c: expected string, found null",
            ])
            #expect(schema.root.property(named: "a")?.isNullable == true)
            #expect(schema.root.property(named: "b")?.isNullable == true)
            #expect(schema.root.property(named: "c")?.isNullable == false)
        }

        @Test func booleanSchemas() throws {
            let schema = try SchemaTests.load(#"{"properties":{"any":true,"none":false}}"#)
            #expect(try SchemaTests.failures(schema, #"{"any":[1,{}]}"#) == [])
            #expect(try SchemaTests.failures(schema, #"{"none":1}"#) == ["none: expected no value, found number 1"])
        }

        @Test func formatIsKeptButNotEnforced() throws {
            let schema = try SchemaTests.load(#"{"type":"string","format":"date-time"}"#)
            #expect(schema.validate("not a date").isEmpty)
            #expect(schema.root.format == "date-time")
            #expect(schema.root.typeDescription == "string (date-time)")
        }
    }
}
