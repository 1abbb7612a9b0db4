import TestSupport
import Foundation
import Testing
import JSON
import Schemas
import APIDescriptions

extension OpenAPITests {
    @Suite struct Parsing {
        @Test func readsThePetstore() throws {
            let spec = try OpenAPITests.parse(PetstoreFixtures.petstore)
            #expect(spec.title == "Swagger Petstore")
            #expect(spec.version == "1.0.0")
            #expect(spec.openAPIVersion == "3.0.0")
            #expect(spec.slug == "swagger-petstore")
            #expect(spec.serverURL == "http://petstore.swagger.io/v1")
            // Operations in document order
            #expect(spec.operations.map(\.signature) == ["GET /pets", "POST /pets", "GET /pets/{petId}"])
            #expect(spec.operations.map(\.displayName) == ["listPets", "createPets", "showPetById"])
            #expect(spec.operations.map(\.summary) == ["List all pets", "Create a pet", "Info for a specific pet"])

            let list = try #require(spec.operation(named: "listPets"))
            #expect(list.parameters.map(\.name) == ["limit"])
            #expect(list.parameters[0].location == .query)
            #expect(list.parameters[0].required == false)
            #expect(list.parameters[0].typeDescription == "integer (int32)")
            #expect(list.responses.map(\.status) == ["200", "default"])
            #expect(list.responses[0].description == "A paged array of pets")
            #expect(list.responses[0].schema?.typeDescription == "Pets")
            #expect(list.responses[0].schema?.items?.properties.map(\.name) == ["id", "name", "tag"])

            let create = try #require(spec.operation(named: "createPets"))
            #expect(create.requestBody?.required == true)
            #expect(create.requestBody?.contentTypes == ["application/json"])
            #expect(create.requestBody?.schema?.name == "Pet")
            #expect(create.responses.first?.schema == nil)

            let show = try #require(spec.operation(named: "showPetById"))
            #expect(show.pathParameterNames == ["petId"])
            #expect(show.parameters.first?.required == true)
        }

        @Test func readsTheExpandedPetstore() throws {
            let spec = try OpenAPITests.parse(PetstoreFixtures.petstoreExpanded)
            #expect(spec.operations.map(\.signature) == ["GET /pets", "POST /pets", "GET /pets/{id}", "DELETE /pets/{id}"])
            #expect(spec.description?.hasPrefix("A sample API") == true)
            // Pet = allOf [NewPet, {id}]: merged in order, required unioned
            let pet = try #require(spec.operation(named: "find pet by id")?.responses.first?.schema)
            #expect(pet.name == "Pet")
            #expect(pet.properties.map(\.name) == ["name", "tag", "id"])
            #expect(pet.required == ["name", "id"])
            #expect(spec.operation(named: "findPets")?.responses.first?.schema?.typeDescription == "array of Pet")
            #expect(spec.operation(named: "findPets")?.parameters.map(\.typeDescription) == ["array of string", "integer (int32)"])
        }

        @Test func operationsAreFoundByIdOrMethodAndPath() throws {
            let spec = try OpenAPITests.parse(PetstoreFixtures.petstoreExpanded)
            #expect(spec.operation(named: "find pet by id")?.signature == "GET /pets/{id}")
            #expect(spec.operation(named: "delete /pets/{id}")?.operationId == "deletePet")
            #expect(spec.operation(named: "DELETE /pets/{id}")?.operationId == "deletePet")
            #expect(spec.operation(named: "deletepet") == nil)
            #expect(spec.operation(named: "PUT /pets/{id}") == nil)
            let error = try #require(throws: OpenAPIError.self) { try spec.requireOperation(named: "findPet") }
            #expect(error.description == "unknown operation 'findPet'; did you mean 'findPets'?")
            let far = try #require(throws: OpenAPIError.self) { try spec.requireOperation(named: "zzzzzzzz") }
            #expect(far.description == "unknown operation 'zzzzzzzz'; try: ops")
        }

        @Test func responseSchemaFallsBackToTheClassThenDefault() throws {
            // GIVEN responses 200, 2XX, 404, default
            let spec = try OpenAPITests.parse(OpenAPITests.document(paths: #"""
            {"/x":{"get":{"responses":{
              "200":{"description":"ok","content":{"application/json":{"schema":{"title":"OK","type":"object"}}}},
              "2XX":{"description":"other","content":{"application/problem+json":{"schema":{"title":"Other","type":"object"}}}},
              "404":{"description":"gone"},
              "default":{"description":"error","content":{"application/json; charset=utf-8":{"schema":{"title":"Error"}}}}}}}}
            """#))
            let operation = try #require(spec.operation(named: "GET /x"))
            #expect(spec.responseSchema(of: operation, status: 200).schema?.title == "OK")
            #expect(spec.responseSchema(of: operation, status: 201).schema?.title == "Other")
            #expect(spec.responseSchema(of: operation, status: 500).schema?.title == "Error")
            let gone = spec.responseSchema(of: operation, status: 404)
            #expect(gone.declared && gone.schema == nil)
            // WHEN nothing matches and there is no default
            let bare = try OpenAPITests.parse(OpenAPITests.document(paths: #"{"/y":{"get":{"responses":{"200":{"description":"ok"}}}}}"#))
            let undeclared = bare.responseSchema(of: try #require(bare.operations.first), status: 500)
            #expect(!undeclared.declared)
        }

        @Test func parametersMergePathLevelAndOperationLevel() throws {
            // GIVEN a path-level id and trace header; the operation overrides the header and adds a query
            let spec = try OpenAPITests.parse(OpenAPITests.document(paths: ##"""
            {"/users/{userId}/repos/{repo}":{
               "parameters":[{"$ref":"#/components/parameters/UserId"},{"name":"X-Trace","in":"header","schema":{"type":"string"}}],
               "get":{"parameters":[{"name":"x-trace","in":"header","required":true,"schema":{"type":"integer"}},
                                    {"name":"page","in":"query","schema":{"type":"integer"}}],
                      "responses":{"200":{"$ref":"#/components/responses/Repo"}}}}}
            """##, components: ##"""
            {"parameters":{"UserId":{"name":"userId","in":"path","schema":{"type":"string"}}},
             "responses":{"Repo":{"description":"a repo","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Repo"}}}}},
             "schemas":{"Repo":{"type":"object","properties":{"name":{"type":"string"}}}}}
            """##))
            let operation = try #require(spec.operations.first)
            // THEN path-level first, overridden in place, the undeclared template name added last
            #expect(operation.parameters.map(\.name) == ["userId", "x-trace", "page", "repo"])
            #expect(operation.parameters.map(\.location) == [.path, .header, .query, .path])
            #expect(operation.parameters.map(\.required) == [true, true, false, true])
            #expect(operation.parameters[1].typeDescription == "integer")
            #expect(operation.parameters[3].typeDescription == "any")
            #expect(operation.pathParameterNames == ["userId", "repo"])
            #expect(operation.responses.first?.description == "a repo")
            #expect(operation.responses.first?.schema?.name == "Repo")
            #expect(operation.displayName == "GET /users/{userId}/repos/{repo}")
        }

        @Test func openAPI31IsRead() throws {
            let spec = try OpenAPITests.parse(#"""
            {"openapi":"3.1.0","info":{"title":"Next","version":"2025-01-15"},
             "paths":{"/n":{"get":{"deprecated":true,"responses":{"200":{"description":"ok",
               "content":{"application/json":{"schema":{"type":["string","null"]}}}}}}}}}
            """#)
            #expect(spec.openAPIVersion == "3.1.0")
            #expect(spec.version == "2025-01-15")
            #expect(spec.operations.first?.deprecated == true)
            #expect(spec.operations.first?.responses.first?.schema?.typeDescription == "string | null")
        }

        @Test func serverVariablesAndRelativeURLs() throws {
            let variables = try OpenAPITests.parse(OpenAPITests.document(paths: "{}", extra: #"""
            ,"servers":[{"url":"https://{region}.example.com:{port}/{base}","variables":{
               "region":{"default":"eu","enum":["eu","us"]},"port":{"default":"8443"},"base":{"default":"v2"}}},
             {"url":"https://other.example.com"}]
            """#))
            #expect(variables.serverURL == "https://eu.example.com:8443/v2")

            let relative = try OpenAPITests.parse(OpenAPITests.document(paths: "{}", extra: #","servers":[{"url":"/v1"}]"#),
                                                  source: "http://127.0.0.1:8080/specs/petstore.json")
            #expect(relative.serverURL == "http://127.0.0.1:8080/v1")
            let sibling = try OpenAPITests.parse(OpenAPITests.document(paths: "{}", extra: #","servers":[{"url":"api/"}]"#),
                                                 source: "http://127.0.0.1:8080/specs/petstore.json")
            #expect(sibling.serverURL == "http://127.0.0.1:8080/specs/api/")

            let none = try OpenAPITests.parse(OpenAPITests.document(paths: "{}"), source: "http://127.0.0.1:8080/specs/petstore.json")
            #expect(none.serverURL == "http://127.0.0.1:8080/")
            let noneFromFile = try OpenAPITests.parse(OpenAPITests.document(paths: "{}"), source: "/tmp/petstore.json")
            #expect(noneFromFile.serverURL == nil)
        }

        @Test(arguments: [
            ("Swagger Petstore", "swagger-petstore"),
            ("  GitHub v3 REST API ", "github-v3-rest-api"),
            ("Ünïcode & (stuff)!!", "n-code-stuff"),
            ("---", "api"),
        ])
        func slugs(title: String, slug: String) throws {
            let spec = try OpenAPITests.parse(#"{"openapi":"3.0.0","info":{"title":\#(JSONValue.string(title).encoded()),"version":"1"},"paths":{}}"#)
            #expect(spec.slug == slug)
        }
    }

    @Suite struct BadDocuments {
        @Test func swaggerOtherThan2IsRefused() throws {
            let error = try OpenAPITests.parseError(#"{"swagger":"1.2","info":{"title":"Old","version":"1"},"paths":{}}"#)
            #expect(error == .swagger2)
            #expect(error.description == "only Swagger 2.0 and OpenAPI 3.0/3.1 are read; this document says swagger is something other than \"2.0\"")
        }

        @Test func neitherJSONNorYAMLIsOneLine() throws {
            let broken = Data("openapi: 3.0.0\ninfo:\n  title: [x\n".utf8)
            let error = try #require(throws: OpenAPIError.self) { try OpenAPIDocument.parse(broken, source: "spec.yaml") }
            #expect(error.description.hasPrefix("neither JSON nor YAML (line 4, column 1: "), "\(error)")
            #expect(!error.description.contains("\n"))
        }

        @Test func otherDocumentsAndVersions() throws {
            #expect(try OpenAPITests.parseError(#"{"services":[]}"#) == .notOpenAPI)
            #expect(try OpenAPITests.parseError("[1]") == .invalid(pointer: "#", expected: "an object"))
            #expect(try OpenAPITests.parseError(#"{"openapi":"2.5","info":{},"paths":{}}"#) == .unsupportedVersion("2.5"))
            #expect(try OpenAPITests.parseError(#"{"openapi":3.1,"paths":{}}"#).description
                == #"'#/openapi' must be a version string such as "3.1.0""#)
        }

        @Test func missingPathsOrBadTypes() throws {
            let missing = try OpenAPITests.parseError(#"{"openapi":"3.0.3","info":{"title":"t","version":"1"}}"#)
            #expect(missing.description == "OpenAPI document has no 'paths' object")
            #expect(try OpenAPITests.parseError(OpenAPITests.document(paths: "[]")).description == "'#/paths' must be an object")
            #expect(try OpenAPITests.parseError(#"{"openapi":"3.0.3","info":{"version":"1"},"paths":{}}"#).description
                == "'#/info/title' must be a string")
            // A parameter in no place a request has is a mistake read past: left out, with a warning.
            let body = try OpenAPIDocument.parse(
                Data(OpenAPITests.document(paths: #"{"/a":{"get":{"parameters":[{"name":"x","in":"body"}]}}}"#).utf8), source: "spec.json")
            #expect(body.operations.first?.parameters.isEmpty == true)
            #expect(body.warnings.first == #"#/paths/~1a/get/parameters/0/in: parameter x is in "body", not path, query, header or cookie; left out"#)
            #expect(try OpenAPITests.parseError(OpenAPITests.document(paths: #"{"/a":{"get":{"parameters":{}}}}"#)).description
                == "'#/paths/~1a/get/parameters' must be a list of parameters")
        }

        @Test func danglingRefsNameThePointer() throws {
            let schema = try OpenAPITests.parseError(OpenAPITests.document(paths: ##"""
            {"/a":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Nope"}}}}}}}}
            """##))
            #expect(schema.description == "dangling $ref '#/components/schemas/Nope'")
            let parameter = try OpenAPITests.parseError(OpenAPITests.document(paths: ##"""
            {"/a":{"get":{"parameters":[{"$ref":"#/components/parameters/Nope"}]}}}
            """##))
            #expect(parameter.description == "dangling $ref '#/components/parameters/Nope'")
            let external = try OpenAPITests.parseError(OpenAPITests.document(paths: ##"""
            {"/a":{"get":{"requestBody":{"$ref":"bodies.json#/Pet"}}}}
            """##))
            #expect(external == .schema(.unsupportedRef("bodies.json#/Pet")))
        }

        @Test func refCycles() throws {
            // A self-referencing schema is fine
            let tree = try OpenAPITests.parse(OpenAPITests.document(paths: ##"""
            {"/tree":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Node"}}}}}}}}
            """##, components: ##"""
            {"schemas":{"Node":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/components/schemas/Node"}}}}}}
            """##))
            let node = try #require(tree.operations.first?.responses.first?.schema)
            #expect(node.property(named: "children")?.typeDescription == "array of Node")
            #expect(node.validate(try JSONValue.parse(#"{"children":[{"children":[{"children":3}]}]}"#)).map(\.description)
                == ["children[0].children[0].children: expected array, found number 3"])

            // A cycle of references that never reaches anything is an error, not a hang
            let schemaCycle = try OpenAPITests.parseError(OpenAPITests.document(paths: ##"""
            {"/a":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/A"}}}}}}}}
            """##, components: ##"""
            {"schemas":{"A":{"$ref":"#/components/schemas/B"},"B":{"$ref":"#/components/schemas/A"}}}
            """##))
            #expect(schemaCycle.description.hasSuffix("never reaches a schema"))
            let responseCycle = try OpenAPITests.parseError(OpenAPITests.document(paths: ##"""
            {"/a":{"get":{"responses":{"200":{"$ref":"#/components/responses/A"}}}}}
            """##, components: ##"""
            {"responses":{"A":{"$ref":"#/components/responses/B"},"B":{"$ref":"#/components/responses/A"}}}
            """##))
            #expect(responseCycle.description.hasPrefix("$ref cycle at '#/components/responses/"))
        }
    }
}
