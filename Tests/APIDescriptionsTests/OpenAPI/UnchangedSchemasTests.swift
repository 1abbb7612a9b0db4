import Foundation
import FoundationFree
import JSON
import Synchronization
import Testing
import TestSupport
@testable import APIDescriptions

/// What two documents write alike is not compared (`UnchangedSchemas`), and the operations are compared on
/// several threads (`SpecDiff.compareTogether`): neither changes a report. Checked on the published pairs
/// against a comparison of everything on one thread, and on small pairs built to tempt the shortcut.
@Suite struct UnchangedSchemasTests {
    static func document(_ json: String, version: String = "3.0.3") throws -> OpenAPIDocument {
        let text = json.replacingOccurrences(of: "VERSION", with: version)
        return try OpenAPIDocument.parse(try JSONValue.parse(Data(text.utf8)), source: "test.json")
    }

    /// A document of one operation answering `#/components/schemas/Root`, with `schemas` as its components.
    static func spec(_ schemas: String, version: String = "3.0.3") throws -> OpenAPIDocument {
        try document("""
        {"openapi": "VERSION", "info": {"title": "t", "version": "1"}, "paths": {"/x": {"get": {"operationId": "getX",
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Root"}}}}}}}},
         "components": {"schemas": \(schemas)}}
        """, version: version)
    }

    static func sameReports(_ a: OpenAPIDocument, _ b: OpenAPIDocument) {
        let everything = SpecDiff.report(a, b, today: "2026-12-01", cancellation: nil, progress: nil, skipsUnchanged: false, extraThreads: 0)
        for extraThreads in [0, 1, 3] {
            let report = SpecDiff.report(a, b, today: "2026-12-01", cancellation: nil, progress: nil, skipsUnchanged: true,
                                         extraThreads: extraThreads)
            #expect(report.changes == everything.changes, "\(extraThreads) more threads")
            #expect(report.omitted == everything.omitted && report.uncompared == everything.uncompared && !report.cancelled)
        }
    }

    @Test(arguments: [("stripe-2021-04-12.json", "stripe-2022-04-12.json"), ("github-2020-11-27.json", "github-2021-10-10.json"),
                      ("stripe-2022-04-12.json", "stripe-2021-04-12.json")])
    func thePublishedPairsGiveTheReportOfComparingEverything(_ a: String, _ b: String) throws {
        let files = try RealDescriptions([a, b])
        func document(_ name: String) throws -> OpenAPIDocument {
            try OpenAPIDocument.parse(try APIDocumentText.parse(try files.data(name)), source: files.folder + "/" + name)
        }
        let documentA = try document(a), documentB = try document(b)
        let unchanged = try #require(UnchangedSchemas(documentA, documentB))
        // Most of Stripe's components did not change between the two (a shortcut that finds nothing is no test).
        #expect(unchanged.components.count > 50, "\(unchanged.components.count)")
        Self.sameReports(documentA, documentB)
    }

    @Test(arguments: [0, 3])
    func aComparisonStoppedHalfWaySaysSoAndListsOnlyWhatItFound(extraThreads: Int) throws {
        let files = try RealDescriptions(["stripe-2021-04-12.json", "stripe-2022-04-12.json"])
        func document(_ name: String) throws -> OpenAPIDocument {
            try OpenAPIDocument.parse(try APIDocumentText.parse(try files.data(name)), source: files.folder + "/" + name)
        }
        let a = try document("stripe-2021-04-12.json"), b = try document("stripe-2022-04-12.json")
        let whole = SpecDiff.report(a, b, today: "2026-12-01")
        // Ctrl-C after a while: the token says so from its 200th look on (a whole diff looks some 3,000 times).
        let looks = Atomic<Int>(0)
        let token = CancellationToken(poll: { looks.add(1, ordering: .relaxed).newValue > 200 })
        let stopped = SpecDiff.report(a, b, today: "2026-12-01", cancellation: token, progress: nil, skipsUnchanged: true,
                                      extraThreads: extraThreads)
        #expect(stopped.cancelled)
        #expect(stopped.changes.count < whole.changes.count, "\(stopped.changes.count) of \(whole.changes.count)")
        let found = Set(whole.changes.map(\.description))
        #expect(stopped.changes.allSatisfy { found.contains($0.description) || $0.operation.hasPrefix("components.") })
    }

    @Test func aChangedDescriptionLeavesAComponentUnchanged() throws {
        let a = try Self.spec(##"{"Root": {"type": "object", "description": "old", "properties": {"id": {"type": "string", "title": "x"}}}}"##)
        let b = try Self.spec(##"{"Root": {"type": "object", "description": "new", "properties": {"id": {"type": "string", "example": "1"}}}}"##)
        #expect(UnchangedSchemas(a, b)?.components == ["Root"])
        #expect(SpecDiff.report(a, b).changes.isEmpty)
    }

    @Test func aComponentReachingAChangedOneIsNotUnchanged() throws {
        let a = try Self.spec(##"{"Root": {"type": "object", "properties": {"pet": {"$ref": "#/components/schemas/Pet"}}},"##
                              + ##" "Pet": {"type": "object", "properties": {"tag": {"$ref": "#/components/schemas/Tag"}}},"##
                              + ##" "Tag": {"type": "object", "properties": {"name": {"type": "string"}}}}"##)
        let b = try Self.spec(##"{"Root": {"type": "object", "properties": {"pet": {"$ref": "#/components/schemas/Pet"}}},"##
                              + ##" "Pet": {"type": "object", "properties": {"tag": {"$ref": "#/components/schemas/Tag"}}},"##
                              + ##" "Tag": {"type": "object", "properties": {"name": {"type": "integer"}}}}"##)
        #expect(UnchangedSchemas(a, b)?.components == [])
        let changes = SpecDiff.report(a, b).changes
        #expect(changes.contains { $0.operation == "components.schemas.Tag" && $0.location == "Tag.name" && $0.usedBy == ["GET /x"] },
                "\(changes)")
        Self.sameReports(a, b)
    }

    @Test func aCycleWrittenAlikeIsUnchanged() throws {
        let schemas = ##"{"Root": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/Node"}}},"##
            + ##" "Node": {"type": "object", "properties": {"child": {"$ref": "#/components/schemas/Root"}, "n": {"type": "integer"}}}}"##
        let a = try Self.spec(schemas)
        let b = try Self.spec(schemas)
        #expect(UnchangedSchemas(a, b)?.components == ["Root", "Node"])
        #expect(SpecDiff.report(a, b).changes.isEmpty)
    }

    @Test func aPropertyNamedLikeAnAnnotationIsCompared() throws {
        let a = try Self.spec(##"{"Root": {"type": "object", "properties": {"description": {"type": "string"}, "title": {"type": "string"}}}}"##)
        let b = try Self.spec(##"{"Root": {"type": "object", "properties": {"description": {"type": "integer"}, "title": {"type": "string"}}}}"##)
        #expect(UnchangedSchemas(a, b)?.components == [])
        #expect(SpecDiff.report(a, b).changes.contains { $0.location.hasSuffix("Root.description") })
        Self.sameReports(a, b)
    }

    @Test func aDiscriminatorsMappingReachesItsComponents() throws {
        let root = ##""Root": {"oneOf": [{"$ref": "#/components/schemas/Cat"}], "discriminator": {"propertyName": "kind", "mapping": {"cat": "Cat"}}}"##
        let a = try Self.spec("{\(root), \"Cat\": {\"type\": \"object\", \"required\": [\"kind\"], \"properties\": {\"kind\": {\"type\": \"string\"}}}}")
        let b = try Self.spec("{\(root), \"Cat\": {\"type\": \"object\", \"required\": [\"kind\"], \"properties\": {\"kind\": {\"type\": \"string\"}, \"age\": {\"type\": \"integer\"}}}}")
        #expect(UnchangedSchemas(a, b)?.components == [])
        Self.sameReports(a, b)
    }

    @Test func aReferenceInsideDataIsData() throws {
        // An enum's or example's `$ref` member is a value, not a schema to follow (GitHub's examples hold some).
        let a = try Self.spec(##"{"Root": {"type": "object", "enum": [{"$ref": "#/components/schemas/Gone"}]}}"##)
        let b = try Self.spec(##"{"Root": {"type": "object", "enum": [{"$ref": "#/components/schemas/Gone"}]}}"##)
        #expect(UnchangedSchemas(a, b)?.components == ["Root"])
    }

    @Test func documentsOfOtherMinorVersionsAreComparedWhole() throws {
        // 3.0 reads `nullable`, and keywords beside a `$ref` not at all; 3.1 reads them: alike text may differ.
        let schemas = ##"{"Root": {"type": "string", "nullable": true}}"##
        #expect(UnchangedSchemas(try Self.spec(schemas, version: "3.0.3"), try Self.spec(schemas, version: "3.1.0")) == nil)
        #expect(UnchangedSchemas(try Self.spec(schemas, version: "3.0.0"), try Self.spec(schemas, version: "3.0.3")) != nil)
    }

    @Test func schemasWithIdentifiersAreNeverCalledTheSame() throws {
        let schemas = ##"{"Root": {"$id": "https://example.com/root", "type": "object"}}"##
        let a = try Self.spec(schemas, version: "3.1.0")
        let b = try Self.spec(schemas, version: "3.1.0")
        #expect(UnchangedSchemas(a, b)?.components == [])
        Self.sameReports(a, b)
    }

    /// A document of `paths` (an object's members), with `schemas` as its components.
    static func spec(paths: String, schemas: String = "{}", version: String = "3.0.3") throws -> OpenAPIDocument {
        try document(#"{"openapi": "VERSION", "info": {"title": "t", "version": "1"}, "paths": {"# + paths
                     + #"}, "components": {"schemas": "# + schemas + "}}", version: version)
    }

    /// A path item of one POST taking `schema` as JSON.
    static func post(_ schema: String) -> String {
        #"{"post": {"requestBody": {"content": {"application/json": {"schema": "# + schema
            + #"}}}, "responses": {"204": {"description": "ok"}}}}"#
    }

    @Test func aSchemaUnderAnotherBaseIsCompared() throws {
        // The property's text is the same in both, but under the body's `$id` the `$ref` inside it names the
        // body's own `components`, which changed; the document's `X` did not.
        func spec(_ type: String) throws -> OpenAPIDocument {
            let body = #"{"$id": "https://example.com/body", "type": "object", "components": {"schemas": {"X": {"type": ""#
                + type + ##""}}}, "properties": {"p": {"type": "object", "properties": {"q": {"$ref": "#/components/schemas/X"}}}}}"##
            return try Self.spec(paths: #""/x": "# + Self.post(body), schemas: #"{"X": {"type": "string"}}"#, version: "3.1.0")
        }
        let a = try spec("string"), b = try spec("integer")
        #expect(UnchangedSchemas(a, b)?.components == ["X"])
        let changes = SpecDiff.report(a, b).changes
        #expect(changes.contains { $0.location == "request body.p.q" }, "\(changes)")
        Self.sameReports(a, b)
    }

    @Test func operationsWrittenAlikeInPlaceGiveNoChangeAndOthersTheirs() throws {
        func spec(_ bodyType: String) throws -> OpenAPIDocument {
            try Self.spec(paths: #""/same": "# + Self.post(#"{"type": "object", "properties": {"a": {"type": "string", "description": "x"}}}"#)
                          + #", "/other": "# + Self.post(#"{"type": "object", "properties": {"a": {"type": ""# + bodyType + #""}}}"#))
        }
        let a = try spec("string"), b = try spec("integer")
        let changes = SpecDiff.report(a, b).changes
        #expect(changes.map(\.operation) == ["POST /other"], "\(changes)")
        Self.sameReports(a, b)
    }
}
