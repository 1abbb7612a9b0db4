import APIDescriptions
@testable import Facade
import HTTPClient
import JSON
import Testing
import TestSupport

/// One rule says what a document is, and every reader of a locator or description follows it.
@Suite struct DescriptionFormatTests {
    @Test(arguments: [
        (#"{"openapi":"3.1.0"}"#, DescriptionFormat?.some(.openAPI)),
        (#"{"swagger":"2.0"}"#, .some(.swagger2)),
        (#"{"swagger":2.0}"#, .some(.swagger2)),
        (#"{"swagger":"1.2"}"#, .some(.otherSwagger)),
        (#"{"services":[]}"#, nil),
        (#"[1]"#, nil),
    ])
    func aDocumentSaysWhatItIs(text: String, format: DescriptionFormat?) throws {
        #expect(DescriptionFormat.of(try JSONValue.parse(text)) == format)
    }

    @Test func aSwaggerOtherThan2IsRefusedTheSameWayByTheMockAndTheShell() throws {
        // GIVEN a file that says `swagger: "1.2"` (the mock's loader converted any `swagger` as if 2.0)
        let scratch = try ScratchDirectory()
        let file = try scratch.write("old.json", #"{"swagger":"1.2","info":{"title":"Old","version":"1"},"paths":{}}"#)
        let loader = LocatorLoader(transport: CurlTransport())
        // WHEN the mock's loader and the shell's loader read it THEN both refuse it with the reader's reason
        let described = try #require(throws: LocatorError.self) { try loader.loadDescribed(file) }
        #expect(described.description.contains("something other than \"2.0\""), "\(described)")
        let located = try #require(throws: LocatorError.self) { try loader.load(file) }
        #expect(located.description.contains("something other than \"2.0\""), "\(located)")
    }
}
