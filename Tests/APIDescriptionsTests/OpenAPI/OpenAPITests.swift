import Foundation
import Testing
import JSON
import APIDescriptions

/// OpenAPI documents: reading, `call` request building, `diff --spec` and a large document. Each concern
/// is a nested suite in its own file, so `--filter OpenAPITests` runs them all.
@Suite enum OpenAPITests {
    static func parse(_ text: String, source: String = "http://127.0.0.1:8080/specs/spec.json") throws -> OpenAPIDocument {
        try OpenAPIDocument.parse(JSONValue.parse(text), source: source)
    }

    /// The error `parse` throws for a document.
    static func parseError(_ text: String, source: String = "spec.json") throws -> OpenAPIError {
        try #require(throws: OpenAPIError.self) { try parse(text, source: source) }
    }

    /// A minimal document around some `paths` and `components`.
    static func document(paths: String, components: String = "{}", extra: String = "") -> String {
        #"{"openapi":"3.0.3","info":{"title":"Test API","version":"1.0"},"paths":\#(paths),"components":\#(components)\#(extra)}"#
    }
}
