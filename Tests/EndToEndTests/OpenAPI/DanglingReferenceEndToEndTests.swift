import Foundation
import Testing

/// A `$ref` into another file that leads nowhere is named as the document wrote it: the file and its
/// pointer, never the bundle's internal rewrite (`#/x-apish-documents/N/…`).
@Suite struct DanglingReferenceEndToEndTests {
    @Test func aDanglingReferenceIntoAnotherFileNamesThatFileAndPointer() throws {
        // GIVEN a description whose answer schema refers to a pointer missing from a second file
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"Pet": {"type": "object"}}"#.write(toFile: folder + "/common.json", atomically: true, encoding: .utf8)
        try #"""
        {"openapi": "3.0.3", "info": {"title": "refs", "version": "1"}, "servers": [{"url": "http://127.0.0.1:9"}],
         "paths": {"/pets": {"get": {"operationId": "listPets", "responses": {"200": {"description": "ok",
           "content": {"application/json": {"schema": {"$ref": "common.json#/Missing/x"}}}}}}}}}
        """#.write(toFile: folder + "/openapi.json", atomically: true, encoding: .utf8)
        // WHEN it is loaded
        let result = try Apish.run(["--locator", folder + "/openapi.json", "-c", "ops"])
        // THEN the message names common.json and the pointer it was asked for
        let said = result.stdout + result.stderr
        #expect(said.contains("common.json#/Missing/x"), "\(said)")
        #expect(!said.contains("x-apish-documents"), "\(said)")
    }
}
