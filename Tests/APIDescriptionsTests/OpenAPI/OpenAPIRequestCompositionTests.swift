import Foundation
import Testing
import JSON
import Schemas
import HTTPClient
import HTTPTypes
import APIDescriptions

extension OpenAPITests {
    /// `call` reads a body schema through `$ref`, `allOf`, `anyOf`, `oneOf` and every spelling of "or null":
    /// items are typed by it, enums refused by it, and a body checked against its alternatives.
    @Suite struct RequestComposition {
        /// OpenAI's 3.1 way (`anyOf: [X, {type: null}]`), 3.1's `type: [T, "null"]`, and DigitalOcean-style
        /// `oneOf` bodies.
        static let document31 = #"""
        {"openapi":"3.1.0","info":{"title":"Compose","version":"1"},
         "paths":{
           "/responses":{"post":{"operationId":"createResponse","requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/CreateResponse"}}}},"responses":{"200":{"description":"ok"}}}},
           "/droplets":{"post":{"operationId":"droplets_create","requestBody":{"required":true,"content":{"application/json":{"schema":{
              "oneOf":[{"$ref":"#/components/schemas/single"},{"$ref":"#/components/schemas/multiple"}]}}}},"responses":{"202":{"description":"ok"}}}},
           "/inputs":{"post":{"operationId":"addInput","requestBody":{"required":true,"content":{"application/json":{"schema":{
              "oneOf":[{"$ref":"#/components/schemas/EasyInputMessage"},{"$ref":"#/components/schemas/Item"}]}}}},"responses":{"200":{"description":"ok"}}}},
           "/users":{"post":{"operationId":"addUser","requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/User"}}}},"responses":{"201":{"description":"ok"}}}}},
         "components":{"schemas":{
           "ReasoningEffort":{"type":"string","enum":["low","medium","high"]},
           "CreateResponse":{"type":"object","properties":{
              "model":{"type":"string"},
              "temperature":{"anyOf":[{"type":"number","minimum":0,"maximum":2},{"type":"null"}]},
              "top_p":{"type":["number","null"]},
              "max_output_tokens":{"oneOf":[{"type":"integer"},{"type":"null"}]},
              "stream":{"anyOf":[{"type":"boolean"},{"type":"null"}]},
              "reasoning_effort":{"anyOf":[{"$ref":"#/components/schemas/ReasoningEffort"},{"type":"null"}]},
              "seed":{"allOf":[{"$ref":"#/components/schemas/Seed"}]}}},
           "Seed":{"type":"integer"},
           "single":{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"backups":{"type":"boolean"}}},
           "multiple":{"type":"object","required":["names"],"properties":{"names":{"type":"array","items":{"type":"string"}},"backups":{"type":"boolean"}}},
           "EasyInputMessage":{"type":"object","required":["role"],"properties":{"role":{"type":"string"},"content":{"type":"string"}}},
           "Item":{"type":"object","required":["role"],"additionalProperties":false,"properties":{"role":{"type":"string"},"id":{"type":"string"}}},
           "User":{"type":"object","required":["id","name","password"],"properties":{
              "id":{"type":"integer","readOnly":true},"name":{"type":"string"},"password":{"type":"string","writeOnly":true}}}}}}
        """#

        let spec: OpenAPIDocument

        init() throws {
            spec = try OpenAPITests.parse(Self.document31)
        }

        private func build(_ name: String, _ arguments: [String]) throws -> JSONValue {
            let built = try OpenAPICall.build(try #require(spec.operation(named: name)), baseURL: "http://127.0.0.1:9/", arguments: arguments)
            guard case .json(let data) = built.body else { return .null }
            return try JSONValue.parse(data)
        }

        private func error(_ name: String, _ arguments: [String]) throws -> String {
            try #require(throws: OpenAPIError.self) { try build(name, arguments) }.description
        }

        @Test func itemsAreTypedThroughOrNullAndRefs() throws {
            // WHEN numbers, integers and booleans are written as name=value for "or null" properties
            let body = try build("createResponse", ["model=gpt", "temperature=0.5", "top_p=1", "max_output_tokens=64",
                                                    "stream=true", "reasoning_effort=low", "seed=7"])
            // THEN each is sent as its type, not as a string
            #expect(body == (try JSONValue.parse(#"{"model":"gpt","temperature":0.5,"top_p":1,"max_output_tokens":64,"stream":true,"reasoning_effort":"low","seed":7}"#)))
            // AND null is null where the schema allows it
            #expect(try build("createResponse", ["temperature=null"])["temperature"] == .null)
        }

        @Test func anEnumBehindOrNullIsEnforced() throws {
            let message = try error("createResponse", ["reasoning_effort=bogus"])
            #expect(message == #"reasoning_effort: expected one of low | medium | high, found "bogus" (createResponse); call --no-check sends it anyway"#)
        }

        @Test func boundsInsideAnAlternativeAreChecked() throws {
            let message = try error("createResponse", ["temperature=3"])
            #expect(message.hasPrefix("temperature matches none of number, null"), "\(message)")
        }

        @Test func aOneOfBodyIsCheckedAgainstItsAlternatives() throws {
            // A droplet needs a name (single) or names (multiple), and backups is a boolean.
            let missing = try error("droplets_create", ["size=s-1vcpu-1gb"])
            #expect(missing == "input matches none of single, multiple; closest: single (name: expected a value, found no such field) (droplets_create); call --no-check sends it anyway")
            let badBoolean = try error("droplets_create", ["name=web", "backups=maybe"])
            #expect(badBoolean.contains("backups"), "\(badBoolean)")
            #expect(try build("droplets_create", ["name=web", "backups=true"]) == (try JSONValue.parse(#"{"name":"web","backups":true}"#)))
        }

        @Test func aOneOfMatchedTwiceSaysSo() throws {
            let message = try error("addInput", ["role=user"])
            #expect(message == "input matches 2 alternatives (EasyInputMessage, Item); oneOf needs exactly one (addInput); call --no-check sends it anyway")
            #expect(try build("addInput", ["role=user", "content=hi"])["content"] == "hi")
        }

        @Test func readOnlyIsNotRequiredInARequest() throws {
            #expect(try build("addUser", ["name=ann", "password=pw"]) == (try JSONValue.parse(#"{"name":"ann","password":"pw"}"#)))
            let message = try error("addUser", ["name=ann"])
            #expect(message.contains("'password'"), "\(message)")
            #expect(!message.contains("'id'"), "\(message)")
        }

        @Test func writeOnlyIsNotRequiredInAnAnswer() throws {
            let schema = try #require(spec.operation(named: "addUser")?.requestBody?.schema)
            let answer = try JSONValue.parse(#"{"id":1,"name":"ann"}"#)
            #expect(schema.validate(answer, use: .response).isEmpty)
            #expect(schema.validate(answer, use: .request).map(\.description) == ["password: expected a value, found no such field"])
        }

        @Test func orNullReadsAsOneNullableType() throws {
            let schema = try #require(spec.operation(named: "createResponse")?.requestBody?.schema)
            let effort = try #require(schema.property(named: "reasoning_effort"))
            #expect(effort.typeDescription == "ReasoningEffort | null")
            #expect(effort.isNullable)
            #expect(effort.enumValues == ["low", "medium", "high"])
            #expect(schema.property(named: "temperature")?.typeDescription == "number | null")
            #expect(schema.property(named: "top_p")?.typeDescription == "number | null")
            #expect(schema.property(named: "top_p")?.types == ["number"])
            #expect(schema.property(named: "max_output_tokens")?.typeDescription == "integer | null")
        }
    
        @Test func aRespellingOfOrNullIsNoChange() throws {
            // GIVEN the same API written for 3.0 (nullable) and for 3.1 (type lists and anyOf with null)
            func document(_ version: String, _ temperature: String, _ effort: String) -> String {
                #"""
                {"openapi": "\#(version)", "info": {"title": "t", "version": "1"}, "paths": {"/r": {"post": {"operationId": "respond",
                  "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                    "temperature": \#(temperature), "reasoning_effort": \#(effort)}}}}},
                  "responses": {"200": {"description": "ok"}}}}},
                 "components": {"schemas": {"Effort": {"type": "string", "enum": ["low", "high"]}}}}
                """#
            }
            let old = try OpenAPITests.parse(document("3.0.3", #"{"type": "number", "nullable": true}"#,
                                                      ##"{"allOf": [{"$ref": "#/components/schemas/Effort"}], "nullable": true}"##))
            let new = try OpenAPITests.parse(document("3.1.0", #"{"type": ["number", "null"]}"#,
                                                      ##"{"anyOf": [{"$ref": "#/components/schemas/Effort"}, {"type": "null"}]}"##))
            // THEN the diff finds nothing
            #expect(SpecDiff.compare(old, new) == [])
        }
    }
}
