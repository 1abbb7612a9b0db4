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

    @Test func theNumberOfFilesIsBounded() {
        // GIVEN a chain of files, each naming the next, longer than the bound
        var texts: [String: String] = [:]
        for index in 0...(DocumentBundle.fileLimit + 5) { texts["https://h/f\(index).yaml"] = "x: {$ref: 'f\(index + 1).yaml#/x'}\n" }
        let files = Files(texts)
        #expect(throws: DocumentBundleError.tooManyFiles(limit: DocumentBundle.fileLimit)) {
            try DocumentBundle.bundle(["a": ["$ref": "f0.yaml#/x"]], source: "https://h/root.yaml", fetch: files.fetch)
        }
        #expect(files.fetched.count <= DocumentBundle.fileLimit)
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
}
