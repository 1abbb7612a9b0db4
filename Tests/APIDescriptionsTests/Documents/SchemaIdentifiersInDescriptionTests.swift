import Foundation
import Testing
import JSON
@testable import APIDescriptions

/// A 3.1 description whose schemas name each other by `$id` (a URN, an absolute URL, a relative id) and
/// `$anchor`: the identifiers resolve against the document's own schema resources, and no file or URL is
/// fetched for them.
@Suite struct SchemaIdentifiersInDescriptionTests {
    static let text = #"""
    {"openapi":"3.1.0","info":{"title":"T","version":"1"},
     "paths":{"/t":{"post":{"operationId":"t","requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Item"}}}},
       "responses":{"200":{"description":"ok"}}}}},
     "components":{"schemas":{
       "Item":{"type":"object","properties":{"tag":{"$ref":"urn:example:tag"},"n":{"$ref":"#num"},
         "rel":{"$ref":"https://example.com/other"},"rt":{"$ref":"tag.json"}}},
       "Tag":{"$id":"urn:example:tag","type":"string","maxLength":3},
       "Num":{"$anchor":"num","type":"integer"},
       "Other":{"$id":"https://example.com/other","type":"boolean"},
       "RelTag":{"$id":"tag.json","type":"string","minLength":2}}}}
    """#

    @Test func identifiersResolveInsideTheDocumentWithoutAFetch() throws {
        // GIVEN the description, read from a file
        var fetched: [String] = []
        let bundled = try DocumentBundle.bundle(try JSONValue.parse(Data(Self.text.utf8)), source: "/tmp/apish-ids/doc.json") { address throws(DocumentBundleError) in
            fetched.append(address)
            throw .unreachable(address: address, reason: "no such file")
        }
        // THEN nothing is fetched, and each reference checks what its schema says
        #expect(fetched.isEmpty)
        let document = try OpenAPIDocument.parse(bundled, source: "/tmp/apish-ids/doc.json")
        let operation = try #require(document.operation(named: "t"))
        func refuses(_ arguments: [String]) -> Bool {
            (try? OpenAPICall.build(operation, baseURL: "http://127.0.0.1:9", arguments: arguments, checked: true)) == nil
        }
        #expect(!refuses(["tag=abc", "n:=1", "rel:=true", "rt=ab"]))
        #expect(refuses(["tag=abcd"]), "a URN names Tag (maxLength 3)")
        #expect(refuses(["n:=\"x\""]), "an anchor names Num (integer)")
        #expect(refuses(["rel:=1"]), "an absolute id names Other (boolean)")
        #expect(refuses(["rt=a"]), "a relative id names RelTag (minLength 2)")
    }
}
