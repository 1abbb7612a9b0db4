import Foundation
import Testing
import JSON
import HTTPTypes
import APIDescriptions

/// Query and header parameters are written as their `style` and `explode` say, and a received request (the
/// mock's) is read back by the same rule, so what `call` sends is what the mock accepts.
extension OpenAPITests {
    @Suite struct QueryStyleCall {
        let spec: OpenAPIDocument

        init() throws {
            spec = try OpenAPITests.parse(OpenAPITests.document(paths: ##"""
            {"/items":{"get":{"operationId":"listItems","parameters":[
               {"name":"tags","in":"query","style":"form","explode":false,"schema":{"type":"array","items":{"type":"string"}}},
               {"name":"ids","in":"query","schema":{"type":"array","items":{"type":"integer"}}},
               {"name":"sizes","in":"query","style":"pipeDelimited","schema":{"type":"array","items":{"type":"integer"}}},
               {"name":"words","in":"query","style":"spaceDelimited","schema":{"type":"array","items":{"type":"string"}}},
               {"name":"filter","in":"query","style":"deepObject","explode":true,"schema":{"type":"object"}},
               {"name":"X-Tags","in":"header","schema":{"type":"array","items":{"type":"string"}}}],
               "responses":{"200":{"description":"ok"}}}}}
            """##))
        }

        private func sent(_ arguments: [String]) throws -> (query: String, headers: [FormField]) {
            let request = try OpenAPICall.build(try #require(spec.operation(named: "listItems")), baseURL: "http://127.0.0.1:9",
                                                arguments: arguments)
            return (FormEncoding.encode(request.query), request.headers)
        }

        @Test func formNotExplodedIsOneFieldWithItsCommas() throws {
            #expect(try sent(["tags=a", "tags=b"]).query == "tags=a,b")
            #expect(try sent(["tags=a,b"]).query == "tags=a,b")
            #expect(try sent([#"tags:=["a","b c"]"#]).query == "tags=a,b%20c")
        }

        @Test func formExplodedRepeatsTheField() throws {
            #expect(try sent(["ids=1", "ids=2"]).query == "ids=1&ids=2")
            #expect(try sent(["ids:=[1,2]"]).query == "ids=1&ids=2")
        }

        @Test func delimitedListsUseTheirDelimiter() throws {
            #expect(try sent(["sizes=1", "sizes=2"]).query == "sizes=1%7C2")
            #expect(try sent(["words=a", "words=b"]).query == "words=a%20b")
        }

        @Test func aListsItemsAreCheckedOneByOne() throws {
            let error = try #require(throws: OpenAPIError.self) { try sent(["sizes=1|x"]) }
            #expect(error.description.contains("sizes"), "\(error)")
        }

        @Test func deepObjectMembersGoAsTyped() throws {
            #expect(try sent(["filter[status]=open", "filter[owner]=ada"]).query == "filter[status]=open&filter[owner]=ada")
            #expect(try sent([#"filter:={"status":"open"}"#]).query == "filter[status]=open")
        }

        @Test func aHeaderListIsOneSimpleHeader() throws {
            #expect(try sent(["X-Tags:a", "X-Tags:b"]).headers == [FormField("X-Tags", "a,b")])
        }

        @Test func theMockReadsWhatCallSentByTheSameRule() throws {
            // GIVEN what call sends for lists of integers, joined by the parameter's delimiter
            let operation = try #require(spec.operation(named: "listItems"))
            let fields = FormEncoding.decode(try sent(["sizes=1", "sizes=2", "tags=a", "tags=b", "filter[status]=open"]).query)
            let received = OpenAPIReceivedRequest(pathValues: [:], query: fields.map { ($0.name, $0.value) }, headers: [],
                                                  cookies: [], body: .none)
            // THEN the mock's check accepts it
            try received.checkParameters(against: operation)
            // AND refuses an item that is not an integer inside a joined list
            let wrong = OpenAPIReceivedRequest(pathValues: [:], query: [("sizes", "1|x")], headers: [], cookies: [], body: .none)
            #expect(throws: OpenAPIError.self) { try wrong.checkParameters(against: operation) }
        }
    }
}
