import Foundation
import JSON
import Testing

@Suite struct JSONLinesTests {
    @Test func declaredLinesBecomeAnArray() throws {
        let body = Data("{\"id\":1}\n\n{\"id\":2}\r\n[3]\n".utf8)
        let document = try #require(JSONLines.document(body, contentType: "application/x-ndjson; charset=utf-8"))
        #expect(document.value == [["id": 1], ["id": 2], [3]])
        #expect(JSONLines.isLines(document, of: body))
    }

    @Test func undeclaredLinesNeedTwoValuesThatStartLikeJSON() {
        #expect(JSONLines.document(Data("{\"a\":1}\n{\"a\":2}".utf8), contentType: "text/plain")?.value == [["a": 1], ["a": 2]])
        #expect(JSONLines.document(Data("1\n2".utf8), contentType: nil) == nil)
        #expect(JSONLines.document(Data("{\"a\":1}\nnot json".utf8), contentType: nil) == nil)
        #expect(JSONLines.document(Data("<a/>\n<b/>".utf8), contentType: "application/xml") == nil)
    }

    @Test func aParsedDocumentIsNotLines() throws {
        let body = Data("[1,2]".utf8)
        #expect(!JSONLines.isLines(try JSONDocument.parse(body), of: body))
    }

    @Test(arguments: ["application/x-ndjson", "application/jsonl", "Application/NDJSON; charset=utf-8"])
    func lineContentTypes(type: String) {
        #expect(JSONLines.isLinesContentType(type))
    }
}
