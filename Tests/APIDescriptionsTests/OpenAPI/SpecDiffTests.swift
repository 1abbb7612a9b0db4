import Foundation
import JSON
import Schemas
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

        /// `if`, `then`, `else` (3.1) and `discriminator` are found where a facet finds them: on the schema or on
        /// what it merges. Each one there in one version and not the other is one change, in that order.
        @Test func conditionalKeywordsAreFoundThroughWhatASchemaMerges() throws {
            func spec(body: String, base: String) -> String {
                OpenAPITests.document(paths: #"""
                {"/jobs":{"post":{"requestBody":{"content":{"application/json":{"schema":\#(body)}}},
                  "responses":{"204":{"description":"done"}}}}}
                """#, components: #"{"schemas":{"Base":\#(base)}}"#).replacingOccurrences(of: "3.0.3", with: "3.1.0")
            }
            let merged = ##"{"allOf":[{"$ref":"#/components/schemas/Base"}]"##
            let changes = try changes(
                spec(body: merged + "}", base: #"{"type":"object","if":{"required":["k"]},"else":{"required":["x"]}}"#),
                spec(body: merged + #","discriminator":{"propertyName":"kind"}}"#,
                     base: #"{"type":"object","if":{"required":["k"]},"then":{"required":["y"]}}"#))
            let body = changes.filter { $0.location == "request body" }.map(\.change)
            #expect(body == ["then added", "else removed", "discriminator added"])
            // The component itself has no discriminator in either version.
            let base = changes.filter { $0.location.contains("Base") }.map(\.change)
            #expect(!base.contains("discriminator added"))
        }

        @Test func theReverseDirectionRemovesAnOperation() throws {
            let changes = try changes(PetstoreFixtures.petstoreExpanded, PetstoreFixtures.petstore)
            let removed = try #require(changes.first { $0.operation == "DELETE /pets/{id}" })
            #expect(removed.change == "removed" && removed.breaking && removed.a == "deletePet")
            // A request property that becomes required breaks clients
            #expect(changes.contains(SpecChange(id: "new-required-request-property", operation: "POST /pets", location: "request body.id", change: "added",
                                                b: "required integer (int64)")))
        }

        @Test func aSecuritySchemesTypeAndOAuthURLsAreCompared() throws {
            // GIVEN an implicit OAuth flow whose authorization and token URLs moved, and a scheme that went from http to apiKey
            func spec(host: String, keyScheme: String) -> String {
                OpenAPITests.document(paths: #"{"/jobs":{"get":{"responses":{"200":{"description":"ok"}}}}}"#, components: #"""
                {"securitySchemes":{
                  "oauth":{"type":"oauth2","flows":{"implicit":{"authorizationUrl":"https://\#(host)/authorize","tokenUrl":"https://\#(host)/token","scopes":{}}}},
                  "key":\#(keyScheme)}}
                """#)
            }
            let changes = try changes(spec(host: "a.example", keyScheme: #"{"type":"http","scheme":"basic"}"#),
                                      spec(host: "b.example", keyScheme: #"{"type":"apiKey","name":"api_key","in":"header"}"#))
            // THEN each is oasdiff's change, at info: a client's configuration, not its calls
            #expect(Set(changes.map { "\($0.id) \($0.location) \($0.a ?? "-") \($0.b ?? "-")" }) == [
                "api-security-component-oauth-url-changed components.securitySchemes.oauth implicit https://a.example/authorize https://b.example/authorize",
                "api-security-component-oauth-token-url-changed components.securitySchemes.oauth implicit https://a.example/token https://b.example/token",
                "api-security-component-type-changed components.securitySchemes.key http apiKey",
            ], "\(changes)")
            #expect(changes.allSatisfy { $0.level == .info })
        }

        @Test func everyMediaTypeBothDeclareIsComparedByItsOwnSchema() throws {
            // GIVEN a body and an answer in JSON, text/plain and application/xml, where only the non-JSON schemas change
            func spec(maximum: Int, answerMinimum: Int) -> String {
                OpenAPITests.document(paths: #"""
                {"/n":{"post":{
                  "requestBody":{"content":{"application/json":{"schema":{"type":"integer"}},
                    "text/plain":{"schema":{"type":"integer","maximum":\#(maximum)}},"application/xml":{"schema":{"type":"integer"}}}},
                  "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"integer"}},
                    "application/xml":{"schema":{"type":"integer","minimum":\#(answerMinimum)}}}}}}}}
                """#)
            }
            let changes = try changes(spec(maximum: 20, answerMinimum: 10), spec(maximum: 10, answerMinimum: 5))
            // THEN each is found in its own media type, and named by it
            #expect(changes.map { "\($0.id) \($0.location)" } == [
                "request-body-max-decreased request body text/plain",
                "response-body-min-decreased response 200 body application/xml",
            ], "\(changes)")
        }

        @Test func aDiscriminatorsPropertyNameAndMappingAreCompared() throws {
            // GIVEN a request body and an answer, each one of Cat or Dog by a discriminator
            func spec(propertyName: String, answerMapping: String) -> String {
                let branches = ##"[{"$ref":"#/components/schemas/Cat"},{"$ref":"#/components/schemas/Dog"}]"##
                return OpenAPITests.document(paths: ##"""
                {"/pets":{"post":{
                  "requestBody":{"content":{"application/json":{"schema":{"oneOf":\##(branches),
                    "discriminator":{"propertyName":"\##(propertyName)"}}}}},
                  "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","properties":{
                    "pet":{"oneOf":\##(branches),"discriminator":{"propertyName":"kind","mapping":{\##(answerMapping)}}}}}}}}}}}}
                """##, components: #"""
                {"schemas":{"Cat":{"type":"object","properties":{"kind":{"type":"string"}}},
                            "Dog":{"type":"object","properties":{"kind":{"type":"string"}}}}}
                """#)
            }
            let cat = ##""cat":"#/components/schemas/Cat""##
            let dog = ##""dog":"#/components/schemas/Dog""##
            // WHEN the request's propertyName changes and the answer's mapping loses cat and gains dog
            let changes = try changes(spec(propertyName: "kind", answerMapping: cat), spec(propertyName: "type", answerMapping: dog))
            // THEN each is oasdiff's change, at info
            #expect(changes.map { "\($0.id) \($0.location) \($0.a ?? "-") \($0.b ?? "-")" } == [
                "request-body-discriminator-property-name-changed request body kind type",
                "response-property-discriminator-mapping-deleted response 200 body.pet cat -",
                "response-property-discriminator-mapping-added response 200 body.pet - dog",
            ], "\(changes)")
            #expect(changes.allSatisfy { $0.level == .info })
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

        @Test func aNullableBesideARefIsOrNullAndAVendorFormatIsNoTypeChange() throws {
            // GIVEN 3.0's `{$ref, nullable: true}` against 3.1's anyOf with null, and int64 against a vendor's unixtime
            let a = operation(parameter: #"{"name":"q","in":"query","schema":{"type":"string"}}"#,
                              request: #"{"type":"object"}"#,
                              response: ##"{"type":"object","properties":{"r":{"$ref":"#/components/schemas/R","nullable":true},"t":{"type":"integer","format":"int64"}}}"##)
            let b = operation(parameter: #"{"name":"q","in":"query","schema":{"type":"string"}}"#,
                              request: #"{"type":"object"}"#,
                              response: ##"{"type":"object","properties":{"r":{"anyOf":[{"$ref":"#/components/schemas/R"},{"type":"null"}]},"t":{"type":"integer","format":"unixtime"}}}"##)
            func withR(_ text: String) -> String {
                text.replacingOccurrences(of: #""components":{}"#, with: #""components":{"schemas":{"R":{"type":"object","properties":{"x":{"type":"string"}}}}}"#)
            }
            // THEN neither is a change
            let none = try changes(withR(a), withR(b))
            #expect(none.isEmpty, "\(none)")
            // AND the 3.0 property takes null, and its object still
            let r = try #require(try OpenAPITests.parse(withR(a)).operations.first?.responses.first?.schema?.property(named: "r"))
            #expect(r.validate(.null).isEmpty && r.isNullable)
            #expect(!r.validate(.object(JSONObject([("x", .number(JSONNumber(1)))]))).isEmpty)
            // AND a known format's change still is one
            let c = b.replacingOccurrences(of: "unixtime", with: "int32")
            #expect(try changes(withR(a), withR(c)).map(\.id) == ["response-property-type-specialized"])
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
            /// A document of one `POST /r` whose JSON body is `body` and whose 200 answer is `answer`, in
        /// OpenAPI `version`, with `components` (schemas).
        private func respelled(_ version: String, body: String, answer: String = #"{"type":"object"}"#, components: String = "{}") -> String {
            #"""
            {"openapi":"\#(version)","info":{"title":"t","version":"1"},"paths":{"/r":{"post":{"operationId":"r",
              "requestBody":{"content":{"application/json":{"schema":\#(body)}}},
              "responses":{"200":{"description":"ok","content":{"application/json":{"schema":\#(answer)}}}}}}},
             "components":{"schemas":\#(components)}}
            """#
        }

        @Test func anOrNullAroundAlternativesKeepsThem() throws {
            // GIVEN alternatives that may be null, in 3.0 (`nullable` beside `oneOf`, a `$ref` with `nullable`)
            // and in 3.1 (an `anyOf` of the alternatives and null; the same `$ref` with `nullable`)
            let format = ##"{"Format":{"oneOf":[{"type":"string","enum":["auto"]},{"$ref":"#/components/schemas/Text"}]},"Text":{"type":"object","properties":{"type":{"type":"string"}}}}"##
            let old = respelled("3.0.3", body: ##"""
                {"type":"object","properties":{"content":{"nullable":true,"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},
                 "format":{"$ref":"#/components/schemas/Format","nullable":true},"again":{"$ref":"#/components/schemas/Format","nullable":true}}}
                """##, components: format)
            let new = respelled("3.1.0", body: ##"""
                {"type":"object","properties":{"content":{"anyOf":[{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},{"type":"null"}]},
                 "format":{"anyOf":[{"$ref":"#/components/schemas/Format"},{"type":"null"}]},"again":{"$ref":"#/components/schemas/Format","nullable":true}}}
                """##, components: format)
            // THEN no alternative was removed (none is: each side has the same ones)
            let changes = try changes(old, new)
            #expect(!changes.contains { $0.change.hasSuffix("Of removed") || $0.change.hasSuffix("Of added") }, "\(changes)")
            #expect(changes.filter(\.breaking).isEmpty, "\(changes)")
        }

        @Test func aBodyIsComparedWithTheSameMediaTypeOfTheOtherDocument() throws {
            // GIVEN a multipart upload that B also takes as JSON, with a JSON schema of its own
            func upload(_ content: String) -> String {
                OpenAPITests.document(paths: #"""
                {"/edits":{"post":{"operationId":"edit","requestBody":{"required":true,"content":{\#(content)}},"responses":{"200":{"description":"ok"}}}}}
                """#)
            }
            let multipart = #""multipart/form-data":{"schema":{"type":"object","required":["image"],"properties":{"image":{"type":"string","format":"binary"},"size":{"type":"string","enum":["256x256","1024x1024"]}}}}"#
            let json = #""application/json":{"schema":{"type":"object","required":["images"],"properties":{"images":{"type":"array","items":{"type":"string"}},"size":{"type":"string","enum":["1024x1024"]}}}}"#
            let changes = try changes(upload(multipart), upload(multipart + "," + json))
            // THEN the multipart schemas are compared (unchanged): JSON is a media type added, nothing breaks
            #expect(changes == [SpecChange(id: "request-body-media-type-added", operation: "POST /edits",
                                           location: "request body application/json", change: "media type added", b: "application/json")])
        }

        @Test func aSchemaThatBecomesOneAlternativeOfAUnionIsThatAlternative() throws {
            // GIVEN a voice that was `Voices` (strings) and is now `Voices` or a custom object
            let voices = ##""Voices":{"anyOf":[{"type":"string"},{"type":"string","enum":["alloy","ash"]}]}"##
            let custom = ##""VoiceOrCustom":{"anyOf":[{"$ref":"#/components/schemas/Voices"},{"type":"object","required":["id"],"properties":{"id":{"type":"string"}}}]}"##
            let old = respelled("3.0.3", body: ##"{"type":"object","properties":{"voice":{"$ref":"#/components/schemas/Voices"}}}"##,
                                answer: ##"{"type":"object","properties":{"voice":{"$ref":"#/components/schemas/Voices"}}}"##, components: "{\(voices)}")
            let new = respelled("3.1.0", body: ##"{"type":"object","properties":{"voice":{"$ref":"#/components/schemas/VoiceOrCustom"}}}"##,
                                answer: ##"{"type":"object","properties":{"voice":{"$ref":"#/components/schemas/VoiceOrCustom"}}}"##,
                                components: "{\(voices),\(custom)}")
            let changes = try changes(old, new)
            let request = changes.filter { $0.location == "request body.voice" }
            // THEN a request may send what it did and more: an alternative and a type added, neither breaking
            #expect(request.map(\.id).sorted() == ["request-property-any-of-added", "request-property-type-generalized"])
            #expect(request.first { $0.change == "type widened" }.map { "\($0.a ?? "") → \($0.b ?? "")" } == "string → object | string")
            // AND an answer may now hold an object: that breaks a reader
            #expect(changes.contains { $0.location == "response 200 body.voice" && $0.id == "response-property-any-of-added" })
            #expect(changes.contains { $0.location == "response 200 body.voice" && $0.id == "response-property-type-generalized" && $0.breaking })
        }

        @Test func alternativesPairByWhatTheyAreNotByNameOrPlace() throws {
            // GIVEN a tagged union whose branches were renamed (`Click` → `ClickParam`, one gaining an optional
            // property), whose inline branches moved, and that was split into a union of a union and a list
            let old = respelled("3.0.3", body: ##"""
                {"type":"object","properties":{"action":{"oneOf":[{"$ref":"#/components/schemas/Click"},{"$ref":"#/components/schemas/Wait"}]},
                 "content":{"oneOf":[{"type":"string"},{"type":"object","required":["type","text"],"properties":{"type":{"type":"string","enum":["output_text"]},"text":{"type":"string"}}}]}}}
                """##, components: ##"""
                {"Click":{"type":"object","required":["type","x"],"properties":{"type":{"type":"string","enum":["click"]},"x":{"type":"integer"}}},
                 "Wait":{"type":"object","required":["type"],"properties":{"type":{"type":"string","enum":["wait"]}}}}
                """##)
            let new = respelled("3.1.0", body: ##"""
                {"type":"object","properties":{"action":{"oneOf":[{"$ref":"#/components/schemas/WaitParam"},{"$ref":"#/components/schemas/ClickParam"}]},
                 "content":{"oneOf":[{"$ref":"#/components/schemas/ContentItem"},{"type":"array","items":{"$ref":"#/components/schemas/ContentItem"}}]}}}
                """##, components: ##"""
                {"ClickParam":{"type":"object","required":["type","x"],"properties":{"type":{"type":"string","enum":["click"]},"x":{"type":"integer"},"keys":{"type":"array","items":{"type":"string"}}}},
                 "WaitParam":{"type":"object","required":["type"],"properties":{"type":{"type":"string","enum":["wait"]}}},
                 "ContentItem":{"oneOf":[{"$ref":"#/components/schemas/OutputText"},{"type":"string"},{"type":"object","required":["type","url"],"properties":{"type":{"type":"string","enum":["input_image"]},"url":{"type":"string"}}}]},
                 "OutputText":{"type":"object","required":["type","text"],"properties":{"type":{"type":"string","enum":["output_text"]},"text":{"type":"string"}}}}
                """##)
            let changes = try changes(old, new)
            // THEN the renamed branches are compared inside (a property added), and no branch a client sends went
            #expect(changes.contains(SpecChange(id: "new-optional-request-property", operation: "POST /r", location: "request body.action.keys",
                                                change: "added", b: "array of string")))
            #expect(!changes.contains { $0.id == "request-property-one-of-removed" }, "\(changes)")
            #expect(changes.filter(\.breaking).isEmpty, "\(changes)")
            // AND what the union gained (an image, a list) is a branch added
            #expect(changes.contains { $0.location == "request body.content" && $0.id == "request-property-one-of-added" })
        }

        @Test func aUnionOfObjectsIsAnObject() throws {
            // GIVEN answer items that were one object and are now one of two objects
            let old = respelled("3.0.3", body: #"{"type":"object"}"#, answer: ##"{"type":"array","items":{"$ref":"#/components/schemas/Call"}}"##,
                                components: ##"{"Call":{"type":"object","required":["id"],"properties":{"id":{"type":"string"}}}}"##)
            let new = respelled("3.1.0", body: #"{"type":"object"}"#,
                                answer: ##"{"type":"array","items":{"oneOf":[{"$ref":"#/components/schemas/Call"},{"$ref":"#/components/schemas/Custom"}]}}"##,
                                components: ##"{"Call":{"type":"object","required":["id"],"properties":{"id":{"type":"string"}}},"Custom":{"type":"object","properties":{"name":{"type":"string"}}}}"##)
            // THEN the one change is the branch added (an answer may hold a Custom); the type is object on both sides
            #expect(try changes(old, new) == [SpecChange(id: "response-body-one-of-added", operation: "POST /r", location: "response 200 body[]",
                                                         change: "oneOf added")])
        }
    }
}
