import Foundation
import JSON
import Testing
import APIDescriptions

extension OpenAPITests {
    /// `diff --spec` compares the values a schema accepts, not the keywords that say so (issue 47, item 3),
    /// and pairs paths and their parameters by the URLs they match (item 4), and compares each pair of
    /// components once, however they recurse (item 1).
    @Suite struct DiffAcceptedValues {
        /// One `POST /r` with body `body`, answering `answer`, in OpenAPI `version`, beside `components`.
        private func spec(body: String = #"{"type":"object"}"#, answer: String = #"{"type":"object"}"#,
                          components: String = "{}", version: String = "3.0.3") -> String {
            #"""
            {"openapi":"\#(version)","info":{"title":"t","version":"1"},"paths":{"/r":{"post":{"operationId":"r",
              "requestBody":{"content":{"application/json":{"schema":\#(body)}}},
              "responses":{"200":{"description":"ok","content":{"application/json":{"schema":\#(answer)}}}}}}},
             "components":{"schemas":\#(components)}}
            """#
        }

        private func changes(_ a: String, _ b: String) throws -> [SpecChange] {
            SpecDiff.compare(try OpenAPITests.parse(a), try OpenAPITests.parse(b))
        }

        @Test func aMaxLengthReplacedByAShortEnumNarrowsAnAnswer() throws {
            // GIVEN an answer's status, once any string of up to 5000, now one of three short words (Stripe's charge.status)
            let before = spec(answer: #"{"type":"object","properties":{"status":{"type":"string","maxLength":5000}}}"#)
            let after = spec(answer: #"{"type":"object","properties":{"status":{"type":"string","enum":["failed","pending","succeeded"]}}}"#)
            // THEN no "maxLength removed": the answer holds fewer values than before
            let found = try changes(before, after)
            #expect(!found.contains { $0.id.contains("max-length") }, "\(found)")
            #expect(!found.contains { $0.breaking })
            // AND an enum value longer than the old maxLength does widen it
            let longer = spec(answer: #"{"type":"object","properties":{"status":{"type":"string","enum":["ok","\#(String(repeating: "x", count: 5001))"]}}}"#)
            #expect(try changes(before, longer).contains { $0.id == "response-property-max-length-increased" && $0.b == "5001" })
        }

        @Test func int64BoundsAndFormatInt64AreOneSet() throws {
            // GIVEN OpenAI's seed: bounds of ±2^63 written out, then `format: int64`
            let bounds = spec(body: #"{"type":"object","properties":{"seed":{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}}}"#)
            let format = spec(body: #"{"type":"object","properties":{"seed":{"type":"integer","format":"int64"}}}"#)
            // THEN neither way is a change
            #expect(try changes(bounds, format) == [])
            #expect(try changes(format, bounds) == [])
            // AND a narrower bound still is
            let narrower = spec(body: #"{"type":"object","properties":{"seed":{"type":"integer","format":"int64","maximum":100}}}"#)
            #expect(try changes(format, narrower).map(\.id) == ["request-property-max-set"])
        }

        @Test func aNullableRefAndAnAnyOfOfRefAndNullAreTheSame() throws {
            let components = #"{"Seed":{"type":"object","properties":{"n":{"type":"integer"}}}}"#
            let old = spec(answer: ##"{"type":"object","properties":{"s":{"$ref":"#/components/schemas/Seed","nullable":true}}}"##,
                           components: components, version: "3.0.3")
            let new = spec(answer: ##"{"type":"object","properties":{"s":{"anyOf":[{"$ref":"#/components/schemas/Seed"},{"type":"null"}]}}}"##,
                           components: components, version: "3.1.0")
            #expect(try changes(old, new) == [])
        }

        @Test func aFormatOnlyChangeIsAFormatChange() throws {
            let before = spec(answer: #"{"type":"object","properties":{"u":{"type":"string","format":"uri"}}}"#)
            let after = spec(answer: #"{"type":"object","properties":{"u":{"type":"string","format":"uri-template"}}}"#)
            let found = try changes(before, after)
            #expect(found.map(\.id) == ["response-property-format-changed"])
            #expect(found.first?.change == "format changed")
        }

        /// GitHub's compare path, spelled two ways, and a path that moved under two new parameters.
        private func paths(compare: String, compareParameters: String, attachments: String, attachmentParameters: String) -> String {
            #"""
            {"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
              "\#(compare)":{"get":{"operationId":"repos/compare-commits","parameters":\#(compareParameters),
                "responses":{"200":{"description":"ok"}}}},
              "\#(attachments)":{"post":{"operationId":"apps/create-content-attachment","parameters":\#(attachmentParameters),
                "responses":{"200":{"description":"ok"}}}}}}
            """#
        }

        private func pathParameter(_ name: String, _ type: String) -> String {
            #"{"name":"\#(name)","in":"path","required":true,"schema":{"type":"\#(type)"}}"#
        }

        @Test func pathsPairByTheURLsTheyMatchAndParametersByName() throws {
            let before = paths(compare: "/repos/{owner}/{repo}/compare/{base}...{head}",
                               compareParameters: "[\(pathParameter("owner", "string")),\(pathParameter("repo", "string")),\(pathParameter("base", "string")),\(pathParameter("head", "string"))]",
                               attachments: "/content_references/{content_reference_id}/attachments",
                               attachmentParameters: "[\(pathParameter("content_reference_id", "integer"))]")
            let after = paths(compare: "/repos/{owner}/{repo}/compare/{basehead}",
                              compareParameters: "[\(pathParameter("owner", "string")),\(pathParameter("repo", "string")),\(pathParameter("basehead", "string"))]",
                              attachments: "/repos/{owner}/{repo}/content_references/{content_reference_id}/attachments",
                              attachmentParameters: "[\(pathParameter("owner", "string")),\(pathParameter("repo", "string")),\(pathParameter("content_reference_id", "integer"))]")
            let found = try changes(before, after)
            // THEN compare/main...dev fits both templates: not moved, and no parameter removed or retyped
            let compare = found.filter { $0.operation.contains("compare") }
            #expect(!compare.contains { $0.breaking }, "\(compare)")
            #expect(!compare.contains { $0.id == "api-path-moved" || $0.id.hasPrefix("request-parameter-") })
            // AND the attachments path moved, with owner and repo new, content_reference_id itself
            let attachments = found.filter { $0.operation.contains("content_references") }
            #expect(attachments.contains { $0.id == "api-path-moved" })
            #expect(Set(attachments.filter { $0.id == "new-request-path-parameter" }.map(\.location)) == ["parameter owner", "parameter repo"])
            #expect(!attachments.contains { $0.location == "parameter content_reference_id" }, "\(attachments)")
        }

        @Test func aPatternedParameterFillingTheSegmentIsAMove() throws {
            // GIVEN the merged parameter takes only some texts, compare/main...dev may no longer fit
            let patterned = #"{"name":"basehead","in":"path","required":true,"schema":{"type":"string","pattern":"^[a-z]+$"}}"#
            let before = paths(compare: "/c/{base}...{head}", compareParameters: "[\(pathParameter("base", "string")),\(pathParameter("head", "string"))]",
                               attachments: "/a", attachmentParameters: "[]")
            let after = paths(compare: "/c/{basehead}", compareParameters: "[\(patterned)]", attachments: "/a", attachmentParameters: "[]")
            #expect(try changes(before, after).contains { $0.id == "api-path-moved" })
        }

        @Test func recursiveComponentsAreComparedOnceAndReportedWithEveryUser() throws {
            // GIVEN Node and Edge refer to each other (Stripe's expandable fields), Node is answered by
            // GET /nodes directly and Edge by GET /edges, and a property deep in Edge goes
            func document(_ edgeProperties: String) -> String {
                #"""
                {"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
                  "/nodes":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Node"}}}}}}},
                  "/edges":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Edge"}}}}}}}}},
                 "components":{"schemas":{
                  "Node":{"type":"object","properties":{"edges":{"type":"array","items":{"anyOf":[{"type":"string"},{"$ref":"#/components/schemas/Edge"}]}}}},
                  "Edge":{"type":"object","properties":{"to":{"anyOf":[{"type":"string"},{"$ref":"#/components/schemas/Node"}]},\#(edgeProperties)}}}}}
                """#
            }
            let found = try changes(document(#""weight":{"type":"number"},"label":{"type":"string"}"#), document(#""weight":{"type":"number"}"#))
            // THEN one change, at Edge, used by both operations (GET /nodes through Node)
            #expect(found == [SpecChange(id: "response-optional-property-removed", operation: "components.schemas.Edge", location: "Edge.label",
                                         change: "removed", a: "string", usedBy: ["GET /nodes", "GET /edges"])])
        }
    }
}
