import Testing
@testable import Facade
import HTTPClient
import HTTPTypes
import JSON

@Suite struct NextPageTests {
    private let base = "https://api.example/v1/items?page=2"

    @Test func aLinkHeaderWinsOverTheBody() throws {
        let headers: HTTPHeaders = ["Link": #"</v1/items?page=1>; rel="prev", </v1/items?page=3>; rel="next""#]
        let body = try JSONValue.parse(#"{"next":"https://elsewhere.example/x"}"#)
        let found = NextPage.find(headers: headers, body: body, base: base)
        #expect(found?.url == "https://api.example/v1/items?page=3")
        #expect(found?.source == .linkHeader)
    }

    @Test(arguments: [
        (#"{"next":"/v1/items?page=3"}"#, "next"),
        (#"{"next_page_uri":"/v1/items?page=3"}"#, "next_page_uri"),
        (#"{"meta":{"next":"https://api.example/v1/items?page=3"}}"#, "meta.next"),
        (#"{"links":{"next":{"href":"?page=3"}}}"#, "links.next"),
        (#"{"@odata.nextLink":"./items?page=3"}"#, "@odata.nextLink"),
    ])
    func aBodyNamesItsNextPage(_ json: String, _ path: String) throws {
        let found = NextPage.find(headers: [:], body: try JSONValue.parse(json), base: base)
        #expect(found?.url == "https://api.example/v1/items?page=3")
        #expect(found?.source == .body(path))
    }

    @Test func noNextPageIsNil() throws {
        #expect(NextPage.find(headers: ["Link": #"<x>; rel="last""#], body: try JSONValue.parse(#"{"next":null}"#), base: base) == nil)
        // A cursor token is not a URL.
        #expect(NextPage.find(headers: [:], body: try JSONValue.parse(#"{"next":"eyJwYWdlIjozfQ"}"#), base: base) == nil)
    }
}
