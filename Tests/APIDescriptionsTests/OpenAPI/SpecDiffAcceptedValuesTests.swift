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

        @Test func int64BoundsRoundedByADoubleAreTheSameSet() throws {
            // GIVEN OpenAI's seed of 2024 (±2^63 written exactly) and of 2026 (the same bounds printed from a
            // double: ±9223372036854776000)
            let exact = spec(body: #"{"type":"object","properties":{"seed":{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}}}"#)
            let rounded = spec(body: #"{"type":"object","properties":{"seed":{"type":"integer","minimum":-9223372036854776000,"maximum":9223372036854776000}}}"#)
            let format = spec(body: #"{"type":"object","properties":{"seed":{"type":"integer","format":"int64"}}}"#)
            // THEN none of the three spellings is a change from another
            #expect(try changes(exact, rounded) == [])
            #expect(try changes(rounded, exact) == [])
            #expect(try changes(rounded, format) == [])
            #expect(try changes(format, rounded) == [])
            // AND a bound that is no int64 limit still is one
            let smaller = spec(body: #"{"type":"object","properties":{"seed":{"type":"integer","minimum":-9223372036854776000,"maximum":9223372036854000000}}}"#)
            #expect(try changes(rounded, smaller).map(\.id) == ["request-property-max-decreased"])
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

        @Test func aBranchGainedOrLostIsLevelledByDirectionAsOasdiffLevelsIt() throws {
            // GIVEN a body and a property that are a oneOf or anyOf of a string and an integer, then also of a
            // boolean: a request takes more values (a client still sends what it did), an answer may hold
            // more (a client may not read it); oasdiff's registry levels a oneOf so and an answer's anyOf info
            let two = #"[{"type":"string"},{"type":"integer"}]"#
            let three = #"[{"type":"string"},{"type":"integer"},{"type":"boolean"}]"#
            for keyword in ["oneOf", "anyOf"] {
                func schema(_ branches: String) -> String { #"{"\#(keyword)":\#(branches)}"# }
                func property(_ branches: String) -> String { #"{"type":"object","properties":{"v":\#(schema(branches))}}"# }
                let id = keyword == "oneOf" ? "one-of" : "any-of"
                let answerGains: SpecChangeLevel = keyword == "oneOf" ? .breaking : .info
                let cases: [(before: String, after: String, expected: [String: SpecChangeLevel])] = [
                    (spec(body: schema(two)), spec(body: schema(three)), ["request-body-\(id)-added": .info]),
                    (spec(body: schema(three)), spec(body: schema(two)), ["request-body-\(id)-removed": .breaking]),
                    (spec(answer: schema(two)), spec(answer: schema(three)), ["response-body-\(id)-added": answerGains]),
                    (spec(answer: schema(three)), spec(answer: schema(two)), ["response-body-\(id)-removed": .info]),
                    (spec(body: property(two)), spec(body: property(three)), ["request-property-\(id)-added": .info]),
                    (spec(body: property(three)), spec(body: property(two)), ["request-property-\(id)-removed": .breaking]),
                    (spec(answer: property(two)), spec(answer: property(three)), ["response-property-\(id)-added": answerGains]),
                    (spec(answer: property(three)), spec(answer: property(two)), ["response-property-\(id)-removed": .info]),
                ]
                for (before, after, expected) in cases {
                    // THEN the branch is the change, at oasdiff's level; beside it only the union's type (the
                    // boolean its new branch brings or its lost one took), and nothing of the branches kept
                    let found = try changes(before, after)
                    let branches = found.filter { $0.id.contains("-of-") }
                    #expect(Dictionary(branches.map { ($0.id, $0.level) }, uniquingKeysWith: { first, _ in first }) == expected, "\(found)")
                    #expect(branches.count == 1, "\(found)")
                    #expect(found.allSatisfy { $0.id.contains("-of-") || $0.id.contains("-type-") }, "\(found)")
                }
            }
        }

        @Test func aBranchWithinAnAnyStringBranchIsNoBranchRemovedOrAdded() throws {
            // GIVEN OpenAI's model: any string, or one of a list of names (inline, then a component with others)
            let components = #"{"Models":{"type":"string","enum":["gpt-5","gpt-4.1"]}}"#
            let before = spec(body: #"{"type":"object","properties":{"model":{"anyOf":[{"type":"string"},{"type":"string","enum":["gpt-4o","gpt-4"]}]}}}"#,
                              components: components)
            let after = spec(body: ##"{"type":"object","properties":{"model":{"anyOf":[{"type":"string"},{"$ref":"#/components/schemas/Models"}]}}}"##,
                             components: components)
            // THEN the names are no change: any string is taken before and after
            #expect(try changes(before, after) == [])
            // AND without the any-string branch the lost names are a branch removed
            let named = spec(body: #"{"type":"object","properties":{"model":{"anyOf":[{"type":"integer"},{"type":"string","enum":["gpt-4o","gpt-4"]}]}}}"#)
            let renamed = spec(body: ##"{"type":"object","properties":{"model":{"anyOf":[{"type":"integer"},{"$ref":"#/components/schemas/Models"}]}}}"##,
                               components: components)
            #expect(try changes(named, renamed).contains { $0.id == "request-property-any-of-removed" })
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
