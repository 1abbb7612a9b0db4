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
               "responses":{"200":{"description":"ok"}}}},
             "/simple/{ids}":{"get":{"operationId":"simpleList","parameters":[
               {"name":"ids","in":"path","required":true,"schema":{"type":"array","items":{"type":"integer"}}}],
               "responses":{"200":{"description":"ok"}}}},
             "/label/{ids}":{"get":{"operationId":"labelList","parameters":[
               {"name":"ids","in":"path","required":true,"style":"label","explode":true,"schema":{"type":"array","items":{"type":"integer"}}}],
               "responses":{"200":{"description":"ok"}}}},
             "/matrix/{id}":{"get":{"operationId":"matrixOne","parameters":[
               {"name":"id","in":"path","required":true,"style":"matrix","schema":{"type":"integer"}}],
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
            // A member typed as JSON (Stripe's `created[gte]:=1600000000`) is a member too, not a body field.
            #expect(try sent(["filter[since]:=1600000000"]).query == "filter[since]=1600000000")
            #expect(try sent([#"filter[created]:={"gte":1}"#]).query == "filter[created][gte]=1")
        }

        @Test func aHeaderListIsOneSimpleHeader() throws {
            #expect(try sent(["X-Tags:a", "X-Tags:b"]).headers == [FormField("X-Tags", "a,b")])
        }

        @Test func pathParametersFollowTheirStyle() throws {
            func url(_ operation: String, _ arguments: [String]) throws -> String {
                try OpenAPICall.build(try #require(spec.operation(named: operation)), baseURL: "http://h", arguments: arguments).url
            }
            #expect(try url("simpleList", ["3,4,5"]) == "http://h/simple/3,4,5")
            #expect(try url("simpleList", ["ids=3,4"]) == "http://h/simple/3,4")
            #expect(throws: OpenAPIError.self) { try url("simpleList", ["ids=3,x"]) }
            #expect(try url("labelList", ["3,4"]) == "http://h/label/.3.4")
            #expect(try url("matrixOne", ["5"]) == "http://h/matrix/;id=5")
            // AND a segment is read back by the same style
            let label = PathStyle(style: .label, explode: true)
            #expect(label.items(of: ".3.4", name: "ids", isList: true) == ["3", "4"])
            #expect(PathStyle(style: .matrix, explode: true).items(of: ";id=3;id=4", name: "id", isList: true) == ["3", "4"])
            #expect(PathStyle(style: .matrix).items(of: ";id=5", name: "id", isList: false) == ["5"])
            #expect(label.items(of: "3", name: "ids", isList: true) == nil)
            let received = OpenAPIReceivedRequest(pathValues: ["id": ";id=5"], query: [], headers: [], cookies: [], body: .none)
            try received.checkParameters(against: try #require(spec.operation(named: "matrixOne")))
            let wrong = OpenAPIReceivedRequest(pathValues: ["id": ";id=x"], query: [], headers: [], cookies: [], body: .none)
            #expect(throws: OpenAPIError.self) { try wrong.checkParameters(against: try #require(spec.operation(named: "matrixOne"))) }
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
