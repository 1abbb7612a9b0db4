import APIDescriptions
import Foundation
import JSON
import Testing

/// Which bodies an operation takes by their media type: the one rule the mock (415) and impact both read.
@Suite struct RequestBodyMediaTypeTests {
    static func body(_ types: [String]) throws -> OpenAPIRequestBody {
        let content = types.map { #""\#($0)":{"schema":{"type":"object"}}"# }.joined(separator: ",")
        let text = #"{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"operationId":"make","requestBody":{"content":{\#(content)}},"responses":{"200":{"description":"ok"}}}}}}"#
        let document = try OpenAPIDocument.parse(Data(text.utf8), source: "t.json")
        return try #require(document.requireOperation(named: "make").requestBody)
    }

    @Test func parametersAndCaseAreIgnoredAndWildcardsMatchTheirFamily() throws {
        let json = try Self.body(["application/json"])
        #expect(json.takes("application/json; charset=utf-8"))
        #expect(json.takes("Application/JSON"))
        #expect(!json.takes("application/x-www-form-urlencoded"))
        #expect(!json.takes("text/plain"))
        let text = try Self.body(["text/*", "application/xml"])
        #expect(text.takes("text/csv"))
        #expect(!text.takes("application/json"))
        #expect(text.declaredEssences == ["text/*", "application/xml"])
        #expect(try Self.body(["*/*"]).takes("image/png"))
    }

    @Test func anEssenceDropsParametersAndCase() {
        #expect(OpenAPIRequestBody.essence("Multipart/Form-Data; boundary=x") == "multipart/form-data")
        #expect(OpenAPIRequestBody.essence("application/json") == "application/json")
    }
}
