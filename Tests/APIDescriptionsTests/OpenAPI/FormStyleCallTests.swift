import Foundation
import Testing
import JSON
import HTTPTypes
import APIDescriptions

/// Form bodies follow their media type's `encoding` (deepObject, form with or without explode), are read
/// back whole whichever spelling was typed (`metadata:=` JSON or `metadata[order_id]=`), and are checked as
/// JSON bodies are: bounds, lengths and patterns included.
extension OpenAPITests {
    @Suite struct FormStyleCall {
        let spec: OpenAPIDocument

        init() throws {
            spec = try OpenAPITests.parse(OpenAPITests.document(paths: ##"""
            {"/v1/customers":{"post":{"operationId":"PostCustomers","requestBody":{"content":{"application/x-www-form-urlencoded":{
               "encoding":{"metadata":{"style":"deepObject","explode":true},"payment_method_types":{"style":"deepObject","explode":true},
                           "address":{"style":"deepObject","explode":true},"tags":{"style":"form","explode":false}},
               "schema":{"type":"object","additionalProperties":false,"properties":{
                 "name":{"type":"string","maxLength":3},
                 "code":{"type":"string","pattern":"^[a-z]+$"},
                 "quantity":{"type":"integer","maximum":10},
                 "metadata":{"type":"object","additionalProperties":{"type":"string"}},
                 "payment_method_types":{"type":"array","items":{"type":"string"}},
                 "tags":{"type":"array","items":{"type":"string"}},
                 "colors":{"type":"array","items":{"type":"string"}},
                 "address":{"type":"object","properties":{"city":{"type":"string"},"line":{"type":"object","properties":{"n":{"type":"integer"}}}}}}}}}},
               "responses":{"200":{"description":"ok"}}}}}
            """##))
        }

        private func body(_ arguments: [String]) throws -> String {
            let request = try OpenAPICall.build(try #require(spec.operation(named: "PostCustomers")), baseURL: "http://127.0.0.1:9",
                                                arguments: arguments)
            return String(decoding: request.body.data, as: UTF8.self)
        }

        private func error(_ arguments: [String]) throws -> String {
            try #require(throws: OpenAPIError.self) { try body(arguments) }.description
        }

        @Test func deepObjectMetadataIsSentTheSameWhicheverSpellingWasTyped() throws {
            #expect(try body([#"metadata:={"order_id":"6735"}"#]) == "metadata[order_id]=6735")
            #expect(try body(["metadata[order_id]=6735"]) == "metadata[order_id]=6735")
            #expect(try body([#"metadata:={"a":"1"}"#, "metadata[b]=2"]) == "metadata[a]=1&metadata[b]=2")
        }

        @Test func deepObjectArraysAndNestedObjectsAreIndexedAndBracketed() throws {
            #expect(try body(["payment_method_types=card", "payment_method_types=sepa_debit"])
                == "payment_method_types[0]=card&payment_method_types[1]=sepa_debit")
            #expect(try body(["payment_method_types[]=card"]) == "payment_method_types[0]=card")
            #expect(try body(["address[city]=Paris", "address[line][n]=3"]) == "address[city]=Paris&address[line][n]=3")
        }

        @Test func formStyleFollowsExplode() throws {
            // `tags` is form without explode (its commas as they are, as OpenAPI's examples show); `colors` is
            // not named, so OpenAPI's default (form, explode) holds
            #expect(try body(["tags=a", "tags=b"]) == "tags=a,b")
            #expect(try body(["colors=red", "colors=blue"]) == "colors=red&colors=blue")
        }

        @Test func aFormBodyIsCheckedWholeAsAJSONBodyIs() throws {
            #expect(try error(["name=abcdefgh"]).contains("name"))
            #expect(try error(["code=ABC"]).contains("code"))
            #expect(try error(["quantity=11"]).contains("quantity"))
            #expect(try error(["metadata[order_id]:=5"]).contains("metadata"))
            #expect(try body(["name=abc", "quantity=10"]) == "name=abc&quantity=10")
        }

        @Test func aBracketedFieldOfAnUndeclaredNameIsStillRefused() throws {
            #expect(try error(["nope[a]=1"]).contains("nope"))
        }
    }
}
