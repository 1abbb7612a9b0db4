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

    @Test func aBodyCutShortKeepsOnlyItsFinishedLines() throws {
        // GIVEN lines whose last one was still arriving when Ctrl-C ended the stream
        let body = Data("{\"n\":1}\n{\"n\":2}\n{\"n\":".utf8)
        // THEN the finished lines are the document, and the cut one is dropped rather than failing them all
        #expect(JSONLines.document(body, contentType: "application/x-ndjson", cutShort: true)?.value == [["n": 1], ["n": 2]])
        #expect(JSONLines.document(body, contentType: "application/x-ndjson") == nil)
        // AND one finished line is still an array
        #expect(JSONLines.document(Data("{\"n\":1}\n".utf8), contentType: "application/x-ndjson", cutShort: true)?.value == [["n": 1]])
    }

    @Test func eventsCutShortKeepOnlyThoseABlankLineFinished() throws {
        let body = Data("event: greet\ndata: {\"n\":1}\n\ndata: {\"n\":".utf8)
        let cut = try #require(ServerSentEvents.document(body, contentType: "text/event-stream", cutShort: true))
        #expect(cut.value == [["event": "greet", "data": ["n": 1]]])
        // A whole body's last event counts without its blank line, as the stream's end closes it.
        let whole = try #require(ServerSentEvents.document(Data("data: 1\n\ndata: 2".utf8), contentType: "text/event-stream"))
        #expect(whole.value == [["data": 1], ["data": 2]])
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
