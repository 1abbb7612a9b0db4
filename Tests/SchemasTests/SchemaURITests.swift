import Testing
@testable import Schemas

/// RFC 3986 resolution of `$ref`s and `$id`s, and its shortcut for a fragment alone.
@Suite struct SchemaURITests {
    @Test(arguments: [
        "https://example.com/schemas/root.json", "https://example.com/a/b?x=1", "https://example.com/a#/old",
        "urn:uuid:deadbeef-1234-00ff-ff00-4321feebdaed", "file:///tmp/spec.yaml", "spec.yaml", "",
    ])
    func aFragmentAloneResolvesAsTheRFCsStepsResolveIt(_ base: String) {
        for fragment in ["#/components/schemas/Pet", "#", "#anchor", "#/a~1b/%25c"] {
            #expect(SchemaURI.resolve(fragment, against: base) == SchemaURI.resolveInParts(fragment, against: base))
        }
    }

    @Test func referencesResolveAsRFC3986Says() {
        let base = "http://a/b/c/d;p?q"
        // RFC 3986 §5.4.1, normal examples.
        #expect(SchemaURI.resolve("g", against: base) == "http://a/b/c/g")
        #expect(SchemaURI.resolve("../g", against: base) == "http://a/b/g")
        #expect(SchemaURI.resolve("#s", against: base) == "http://a/b/c/d;p?q#s")
        #expect(SchemaURI.resolve("g?y#s", against: base) == "http://a/b/c/g?y#s")
        #expect(SchemaURI.resolve("//g", against: base) == "http://g")
    }
}
