import TestSupport
import Testing
import APIDescriptions

extension OpenAPITests {
    @Suite struct Diff {
        private func changes(_ a: String, _ b: String) throws -> [SpecChange] {
            SpecDiff.compare(try OpenAPITests.parse(a), try OpenAPITests.parse(b))
        }

        @Test func petstoreToPetstoreExpanded() throws {
            let changes = try changes(PetstoreFixtures.petstore, PetstoreFixtures.petstoreExpanded)
            // Every change, grouped by operation (path, then method), breaking first
            #expect(changes == [
                SpecChange(id: "api-operation-id-removed", operation: "GET /pets", location: "operation", change: "renamed", a: "listPets", b: "findPets"),
                SpecChange(id: "request-parameter-max-increased", operation: "GET /pets", location: "parameter limit", change: "maximum removed", a: "100"),
                SpecChange(id: "new-optional-request-parameter", operation: "GET /pets", location: "parameter tags", change: "added", b: "optional array of string"),
                SpecChange(id: "optional-response-header-removed", operation: "GET /pets", location: "response 200 header x-next", change: "removed"),
                SpecChange(id: "response-success-status-removed", operation: "POST /pets", location: "status 201", change: "removed"),
                SpecChange(id: "api-operation-id-removed", operation: "POST /pets", location: "operation", change: "renamed", a: "createPets", b: "addPet"),
                SpecChange(id: "request-property-removed", operation: "POST /pets", location: "request body.id", change: "removed", a: "integer (int64)"),
                SpecChange(id: "response-success-status-added", operation: "POST /pets", location: "status 200", change: "added"),
                SpecChange(id: "request-parameter-type-changed", operation: "GET /pets/{petId}", location: "parameter petId", change: "type changed",
                           a: "string", b: "integer (int64)"),
                SpecChange(id: "api-operation-id-removed", operation: "GET /pets/{petId}", location: "operation", change: "renamed",
                           a: "showPetById", b: "find pet by id"),
                SpecChange(id: "request-path-parameter-renamed", operation: "GET /pets/{petId}", location: "path", change: "path parameter renamed",
                           a: "/pets/{petId}", b: "/pets/{id}"),
                SpecChange(id: "endpoint-added", operation: "DELETE /pets/{id}", location: "operation", change: "added", b: "deletePet"),
                SpecChange(id: "api-server-removed", operation: "document", location: "servers", change: "removed", a: "http://petstore.swagger.io/v1"),
                SpecChange(id: "api-server-added", operation: "document", location: "servers", change: "added", b: "https://petstore.swagger.io/v2"),
            ])
            #expect(changes.filter(\.breaking).count == 2)
            #expect(changes[8].description
                == "GET /pets/{petId}: parameter petId: type changed (string → integer (int64)), breaking [request-parameter-type-changed]")
        }

        @Test func theReverseDirectionRemovesAnOperation() throws {
            let changes = try changes(PetstoreFixtures.petstoreExpanded, PetstoreFixtures.petstore)
            let removed = try #require(changes.first { $0.operation == "DELETE /pets/{id}" })
            #expect(removed.change == "removed" && removed.breaking && removed.a == "deletePet")
            // A request property that becomes required breaks clients
            #expect(changes.contains(SpecChange(id: "new-required-request-property", operation: "POST /pets", location: "request body.id", change: "added",
                                                b: "required integer (int64)")))
        }

        @Test func callbacksWebhooksAndServersAreCompared() throws {
            func spec(callback: Bool, webhook: String, server: String) -> String {
                let callbacks = callback ? #","callbacks":{"done":{"{$request.body#/url}":{"post":{"responses":{"200":{"description":"ok"}}}}}}"# : ""
                return OpenAPITests.document(paths: #"""
                {"/jobs":{"post":{"operationId":"start","responses":{"202":{"description":"started"}}\#(callbacks)}}}
                """#, extra: #","servers":[{"url":"\#(server)"}],"webhooks":{"\#(webhook)":{"post":{"responses":{"200":{"description":"ok"}}}}}"#)
            }
            let changes = try changes(spec(callback: true, webhook: "jobDone", server: "https://a.example"),
                                      spec(callback: false, webhook: "jobFailed", server: "https://b.example"))
            let ids = changes.map { "\($0.id) \($0.location)" }
            #expect(ids.contains("api-callback-removed callback done {$request.body#/url}"), "\(ids)")
            #expect(ids.contains("webhook-removed webhook jobDone") && ids.contains("webhook-added webhook jobFailed"), "\(ids)")
            #expect(ids.contains("api-server-removed servers") && ids.contains("api-server-added servers"), "\(ids)")
            #expect(changes.first { $0.id == "webhook-removed" }?.level == .breaking)
            #expect(changes.first { $0.id == "api-callback-removed" }?.level == .warning)
        }

        @Test func orNullRespelledIsNoChange() throws {
            // 3.0's nullable, 3.1's type list and an anyOf with null are one type
            let a = operation(parameter: #"{"name":"q","in":"query","schema":{"type":"string","nullable":true}}"#,
                              request: #"{"type":"object","properties":{"t":{"type":"number","nullable":true}}}"#,
                              response: #"{"type":"object","properties":{"e":{"type":"string","enum":["low","high"],"nullable":true}}}"#)
            let b = operation(parameter: #"{"name":"q","in":"query","schema":{"type":["string","null"]}}"#,
                              request: #"{"type":"object","properties":{"t":{"anyOf":[{"type":"number"},{"type":"null"}]}}}"#,
                              response: #"{"type":"object","properties":{"e":{"anyOf":[{"type":"string","enum":["low","high"]},{"type":"null"}]}}}"#)
            #expect(try changes(a, b).isEmpty)
        }

        @Test func identicalDocumentsHaveNoChanges() throws {
            #expect(try changes(PetstoreFixtures.petstoreExpanded, PetstoreFixtures.petstoreExpanded).isEmpty)
        }

        /// One operation whose parameter, request and response schemas are given.
        private func operation(parameter: String, request: String, response: String, statuses: String = "") -> String {
            OpenAPITests.document(paths: #"""
            {"/items/{id}":{"put":{"operationId":"put","parameters":[{"name":"id","in":"path","schema":{"type":"string"}},\#(parameter)],
              "requestBody":{"content":{"application/json":{"schema":\#(request)}}},
              "responses":{"200":{"description":"ok","content":{"application/json":{"schema":\#(response)}}}\#(statuses)}}}}
            """#)
        }

        @Test func classifiesByDirection() throws {
            let a = operation(
                parameter: #"{"name":"mode","in":"query","schema":{"type":"string","enum":["fast","slow"]}}"#,
                request: #"{"type":"object","properties":{"kind":{"enum":["a","b"]},"size":{"type":"integer"},"note":{"type":"string"}}}"#,
                response: #"{"type":"object","required":["id","state"],"properties":{"id":{"type":"integer"},"state":{"enum":["on","off"]},"old":{"type":"string"},"count":{"type":"integer"}}}"#,
                statuses: #","404":{"description":"missing"}"#)
            let b = operation(
                parameter: #"{"name":"mode","in":"query","required":true,"schema":{"type":"string","enum":["fast"]}}"#,
                request: #"{"type":"object","required":["note"],"properties":{"kind":{"enum":["a"]},"size":{"type":"number"},"note":{"type":"string"}}}"#,
                response: #"{"type":"object","required":["id"],"properties":{"id":{"type":"string"},"state":{"enum":["on"]},"count":{"type":"number"},"new":{"type":"boolean"}}}"#)
            let changes = try changes(a, b)
            let byLocation = Dictionary(changes.map { ("\($0.location) \($0.change)", $0.breaking) }, uniquingKeysWith: { $0 || $1 })
            // Requests: narrowing breaks, widening does not
            #expect(byLocation["parameter mode now required"] == true)
            #expect(byLocation["parameter mode enum value removed"] == true)
            #expect(byLocation["request body.kind enum value removed"] == true)
            #expect(byLocation["request body.size type widened"] == false)
            #expect(byLocation["request body.note now required"] == true)
            // Responses: removed or widened things break, narrowed ones do not
            #expect(byLocation["response 200 body.id type changed"] == true)
            // an optional answer property that goes is a warning (a reader may rely on it), as oasdiff says
            #expect(changes.first { $0.location == "response 200 body.old" }?.level == .warning)
            #expect(byLocation["response 200 body.state no longer required"] == true)
            #expect(byLocation["response 200 body.state enum value removed"] == false)
            #expect(byLocation["response 200 body.count type widened"] == true)
            #expect(byLocation["response 200 body.new added"] == false)
            // Only success statuses break when removed
            #expect(byLocation["status 404 removed"] == false)
            #expect(changes.first { $0.location == "request body.kind" }?.a == #""b""#)
            // Breaking ones first
            let firstNonBreaking = try #require(changes.firstIndex { !$0.breaking })
            #expect(changes[firstNonBreaking...].allSatisfy { !$0.breaking })
        }

        @Test func recursiveSchemasCompareWithoutLooping() throws {
            let tree = { (valueType: String) in
                OpenAPITests.document(paths: ##"""
                {"/tree":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Node"}}}}}}}}
                """##, components: ##"""
                {"schemas":{"Node":{"type":"object","properties":{"value":{"type":"\##(valueType)"},"children":{"type":"array","items":{"$ref":"#/components/schemas/Node"}}}}}}
                """##)
            }
            let changes = try changes(tree("integer"), tree("string"))
            #expect(changes.map(\.location) == ["Node.value"])
            #expect(changes.first?.operation == "components.schemas.Node")
            #expect(changes.first?.usedBy == ["GET /tree"])
            #expect(changes.first?.breaking == true)
        }

        @Test func aSharedComponentChangeIsReportedOnceWithTheOperationsThatUseIt() throws {
            // GIVEN Pet, read by two operations (twice by one of them) and written by a third, loses `tag`
            let spec = { (properties: String) in
                OpenAPITests.document(paths: ##"""
                {"/pets":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Pet"}}}}},
                                              "206":{"description":"some","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pet"}}}}}},
                          "post":{"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pet"}}}},
                                  "responses":{"201":{"description":"made"}}}},
                 "/pets/{id}":{"get":{"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],
                                      "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pet"}}}}}}}}
                """##, components: ##"{"schemas":{"Pet":{"type":"object","properties":{\##(properties)}}}}"##)
            }
            let changes = try changes(spec(#""name":{"type":"string"},"tag":{"type":"string"}"#), spec(#""name":{"type":"string"}"#))
            // THEN it is one change, at the component: a warning (an answer may lack an optional property), as oasdiff says
            #expect(changes == [SpecChange(id: "response-optional-property-removed", operation: "components.schemas.Pet", location: "Pet.tag", change: "removed",
                                           a: "string", usedBy: ["GET /pets", "POST /pets", "GET /pets/{id}"])])
            #expect(changes.first?.description
                == "components.schemas.Pet: Pet.tag: removed (string), warning [response-optional-property-removed] (used by: GET /pets, POST /pets, GET /pets/{id})")
        }
    }
}
