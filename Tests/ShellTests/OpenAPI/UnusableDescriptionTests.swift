@testable import Shell
import Testing
import TestSupport

/// A locator entry whose OpenAPI document cannot be used (here a dangling `$ref`): `ops`, `call` and
/// `help OPERATION` say which entry and why, rather than that no entry names a document or that the
/// operation is an unknown command.
@Suite struct UnusableDescriptionTests {
    static let document = #"""
    {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/pets/{id}": {"get": {"operationId": "getPet",
     "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
     "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Missing"}}}}}}}}}
    """#

    @Test func opsCallAndHelpNameTheEntryAndWhy() throws {
        // GIVEN a locator whose one entry names that document, and no service in use
        let folder = try ScratchDirectory()
        try folder.write("api.json", Self.document)
        let locator = try folder.write("loc.json", #"{"services": [{"name": "pets", "version": "v1", "url": "http://127.0.0.1:9", "openapi": "api.json"}]}"#)
        let shell = try VersionShell()
        try shell.session.facade.workspace.locate(locator)
        let why = "pets v1: its OpenAPI document cannot be used: dangling $ref '#/components/schemas/Missing'"

        // THEN each says which entry's document and why
        for line in ["ops", "call getPet 1"] {
            let result = shell.run(line)
            #expect(!result.ok)
            #expect(result.err.replacingOccurrences(of: "\n  ", with: " ").contains(why), "\(line): \(result.err)")
        }
        let help = shell.run("help getPet")
        #expect(!help.ok)
        let said = help.err.replacingOccurrences(of: "\n  ", with: " ")
        #expect(said.contains("unknown command 'getPet'"), "\(said)")
        #expect(said.contains("if it is an operation of pets v1, its OpenAPI document cannot be used: dangling $ref"), "\(said)")
    }
}
