import Foundation
import Testing
import JSON
import APIDescriptions

/// `$ref`s to other files, brought into one document (a stub fetcher: this is pure logic).
@Suite struct DocumentBundleTests {
    final class Files {
        var texts: [String: String]
        var fetched: [String] = []
        init(_ texts: [String: String]) { self.texts = texts }

        func fetch(_ address: String) throws(DocumentBundleError) -> Data {
            fetched.append(address)
            guard let text = texts[address] else { throw .unreachable(address: address, reason: "no such file") }
            return Data(text.utf8)
        }
    }

    @Test func referencesResolveAgainstTheFileHoldingThemAndEachFileIsFetchedOnce() throws {
        let files = Files([
            "https://h/api/schemas/pet.yaml": "Pet:\n  properties:\n    tag: {$ref: '#/Tag'}\n    owner: {$ref: '../common.yaml#/Owner'}\nTag: {type: string}\n",
            "https://h/api/common.yaml": "Owner:\n  properties:\n    pet: {$ref: 'schemas/pet.yaml#/Pet'}\n    root: {$ref: 'openapi.yaml#/components/x'}\n",
        ])
        let root: JSONValue = ["a": ["$ref": "./schemas/pet.yaml#/Pet"], "b": ["$ref": "#/local"], "c": [["$ref": "schemas/pet.yaml"]]]
        let bundled = try DocumentBundle.bundle(root, source: "https://h/api/openapi.yaml", fetch: files.fetch)
        #expect(files.fetched == ["https://h/api/schemas/pet.yaml", "https://h/api/common.yaml"])
        #expect(bundled["a"] == ["$ref": "#/x-apish-documents/1/Pet"])
        #expect(bundled["b"] == ["$ref": "#/local"])
        #expect(bundled["c"] == [["$ref": "#/x-apish-documents/1"]])
        let documents = try #require(bundled["x-apish-documents"])
        #expect(documents["1"]?["Pet"]?["properties"]?["tag"] == ["$ref": "#/x-apish-documents/1/Tag"])
        #expect(documents["1"]?["Pet"]?["properties"]?["owner"] == ["$ref": "#/x-apish-documents/2/Owner"])
        #expect(documents["2"]?["Owner"]?["properties"]?["pet"] == ["$ref": "#/x-apish-documents/1/Pet"])
        #expect(documents["2"]?["Owner"]?["properties"]?["root"] == ["$ref": "#/components/x"])
    }

    @Test func aDocumentWithoutOtherFilesIsLeftAsItIs() throws {
        let root: JSONValue = ["a": ["$ref": "#/b"], "b": [1, 2]]
        let files = Files([:])
        #expect(try DocumentBundle.bundle(root, source: "/tmp/x.yaml", fetch: files.fetch) == root)
        #expect(files.fetched.isEmpty)
    }

    @Test func schemaReferencesResolveAgainstTheIdAroundThemAndAnchorsAreLeftToTheSchemaEngine() throws {
        let files = Files([
            "https://ids.example/v2/integer.json": #"{"type": "integer"}"#,
            "https://h/defs.json": #"{"$defs": {"n": {"$anchor": "num", "type": "number"}}}"#,
            "https://h/meta.json": #"{"$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true}}"#,
        ])
        let root: JSONValue = [
            "s": ["$id": "https://ids.example/v2/s.json", "$ref": "integer.json"],
            "t": ["$ref": "defs.json#num"],
            "u": ["$schema": "meta.json", "type": "string"],
            "v": ["$schema": "https://json-schema.org/draft/2020-12/schema"],
        ]
        let bundled = try DocumentBundle.bundle(root, source: "https://h/openapi.json", fetch: files.fetch)
        #expect(files.fetched == ["https://ids.example/v2/integer.json", "https://h/defs.json", "https://h/meta.json"])
        #expect(bundled["s"]?["$ref"] == "#/x-apish-documents/1")
        #expect(bundled["t"] == ["$ref": "https://h/defs.json#num"])
        #expect(bundled["u"]?["$schema"] == "meta.json")
        #expect(bundled["x-apish-document-addresses"]?["3"] == "https://h/meta.json")
    }

    @Test func aRemoteDocumentMayNotNameALocalMetaschema() {
        let root: JSONValue = ["a": ["$schema": "file:///etc/passwd"]]
        #expect(throws: DocumentBundleError.localFromRemote("file:///etc/passwd", in: "https://h/openapi.yaml")) {
            try DocumentBundle.bundle(root, source: "https://h/openapi.yaml", fetch: Files([:]).fetch)
        }
    }

    @Test func aRemoteDocumentMayNotReferToLocalFiles() {
        let root: JSONValue = ["a": ["$ref": "file:///etc/passwd#/x"]]
        #expect(throws: DocumentBundleError.localFromRemote("file:///etc/passwd#/x", in: "https://h/openapi.yaml")) {
            try DocumentBundle.bundle(root, source: "https://h/openapi.yaml", fetch: Files([:]).fetch)
        }
        // nor can a file it reaches
        let files = Files(["https://h/a.yaml": "x: {$ref: '/etc/passwd'}\n"])
        #expect(throws: DocumentBundleError.self) {
            try DocumentBundle.bundle(["a": ["$ref": "a.yaml#/x"]], source: "https://h/openapi.yaml", fetch: files.fetch)
        }
    }

    @Test func theNumberOfFilesIsBoundedAndTheErrorNamesTheOptionThatRaisesIt() {
        // GIVEN a chain of files, each naming the next, longer than the bound
        let limits = DocumentLimits(files: 20)
        var texts: [String: String] = [:]
        for index in 0...(limits.files + 5) { texts["https://h/f\(index).yaml"] = "x: {$ref: 'f\(index + 1).yaml#/x'}\n" }
        let files = Files(texts)
        #expect(throws: DocumentBundleError.tooManyFiles(limit: limits.files)) {
            try DocumentBundle.bundle(["a": ["$ref": "f0.yaml#/x"]], source: "https://h/root.yaml", limits: limits, fetch: files.fetch)
        }
        #expect(files.fetched.count <= limits.files)
        #expect(DocumentBundleError.tooManyFiles(limit: 20).description
            == "the document's $refs reach more than 20 other files; --max-doc-files N raises the cap")
    }

    @Test func theBytesOfTheFilesAreBoundedAndTheErrorNamesTheOptionThatRaisesIt() {
        let files = Files(["https://h/a.yaml": "a: {$ref: 'b.yaml'}\n", "https://h/b.yaml": String(repeating: "x", count: 600) + ": 1\n"])
        let limits = DocumentLimits(bytes: 512)
        #expect(throws: DocumentBundleError.tooLarge(limit: 512)) {
            try DocumentBundle.bundle(["a": ["$ref": "a.yaml"]], source: "https://h/r.yaml", limits: limits, fetch: files.fetch)
        }
        #expect(DocumentBundleError.tooLarge(limit: 256 << 20).description
            == "the files the document's $refs reach pass 256 MiB together; --max-doc-size MIB raises the cap")
        #expect(DocumentLimits() == DocumentLimits(files: 10_000, bytes: 256 << 20))
    }

    @Test func filesAreAskedForInWavesOfEveryFileKnownSoFar() throws {
        // GIVEN a root naming two files, one of which names a third
        let files = Files([
            "https://h/a.yaml": "x: {$ref: 'c.yaml'}\n", "https://h/b.yaml": "y: 1\n", "https://h/c.yaml": "z: {$ref: 'r.yaml#/a'}\n",
        ])
        var waves: [[String]] = []
        let root: JSONValue = ["a": ["$ref": "a.yaml"], "b": ["$ref": "b.yaml"]]
        let bundled = try DocumentBundle.bundle(root, source: "https://h/r.yaml", prefetch: { waves.append($0) }, fetch: files.fetch)
        // THEN the first wave is both files the root names, the second the one they name; each fetched once
        #expect(waves == [["https://h/a.yaml", "https://h/b.yaml"], ["https://h/c.yaml"]])
        #expect(files.fetched == ["https://h/a.yaml", "https://h/b.yaml", "https://h/c.yaml"])
        #expect(bundled["x-apish-documents"]?["3"]?["z"] == ["$ref": "#/a"])
    }

    @Test func aMissingOrBrokenFileSaysWhich() {
        #expect(throws: DocumentBundleError.unreachable(address: "https://h/gone.yaml", reason: "no such file")) {
            try DocumentBundle.bundle(["a": ["$ref": "gone.yaml"]], source: "https://h/r.yaml", fetch: Files([:]).fetch)
        }
        let broken = Files(["https://h/b.yaml": "a: [1\n"])
        do {
            _ = try DocumentBundle.bundle(["a": ["$ref": "b.yaml"]], source: "https://h/r.yaml", fetch: broken.fetch)
            Issue.record("a broken file was read")
        } catch {
            #expect(error.description.hasPrefix("cannot read https://h/b.yaml, which a $ref names: line 2, column 1: "), "\(error)")
        }
    }

    @Test func aRefInsideAValueIsDataAndNeverFetched() throws {
        // GIVEN references where OpenAPI and JSON Schema make them, beside members named `$ref` inside values
        // (GitHub's SCIM examples hold `"$ref": "https://api.github.com/…"` in an Example Object's value)
        let files = Files(["https://h/ex.yaml": "Group: {value: {members: []}}\n"])
        let data: JSONValue = ["$ref": "https://h/never"]
        let root: JSONValue = [
            "components": [
                "examples": [
                    "group": ["value": ["members": [data]]],
                    "remote": ["$ref": "ex.yaml#/Group"],
                ],
                "schemas": [
                    "S": [
                        "example": data, "default": data, "const": data, "enum": [data], "examples": [data],
                        "x-vendor": data,
                        "properties": ["example": ["$ref": "other.yaml#/Example"], "default": ["type": "string"]],
                    ],
                ],
            ],
            "paths": ["/p": ["get": ["responses": ["200": ["content": ["application/json": [
                "example": data, "examples": ["one": ["value": data, "summary": "s"]],
            ]]]]]]],
        ]
        let bundleFiles = Files(files.texts.merging(["https://h/other.yaml": "Example: {type: integer}\n"]) { a, _ in a })
        // WHEN it is bundled
        let bundled = try DocumentBundle.bundle(root, source: "https://h/api.yaml", fetch: bundleFiles.fetch)
        // THEN only the Example Object's own $ref and the property named `example` are followed
        #expect(bundleFiles.fetched == ["https://h/ex.yaml", "https://h/other.yaml"])
        #expect(bundled["components"]?["examples"]?["group"] == ["value": ["members": [data]]])
        #expect(bundled["components"]?["examples"]?["remote"] == ["$ref": "#/x-apish-documents/1/Group"])
        let schema = try #require(bundled["components"]?["schemas"]?["S"])
        for key in ["example", "default", "const", "x-vendor"] { #expect(schema[key] == data, "\(key)") }
        #expect(schema["enum"] == [data])
        #expect(schema["examples"] == [data])
        #expect(schema["properties"]?["example"] == ["$ref": "#/x-apish-documents/2/Example"])
    }
}
