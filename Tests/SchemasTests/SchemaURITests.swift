import Testing
@testable import Schemas

/// RFC 3986 resolution of `$ref`s and `$id`s, and its shortcut for a fragment alone.
@Suite struct SchemaURITests {
    /// A fragment alone keeps the base up to its first `#` character, found by the byte where no mark or
    /// prefix joins the `#` to another character, and by characters where one does.
    @Test func aFragmentAloneKeepsTheBaseUpToItsFirstHashCharacter() {
        let bases = ["file:///tmp/a.json", "https://x.example/y#frag", "https://x.example/ü#f", "https://x.example/\u{600}#f#g",
                     "https://x.example/#\u{301}x#y", "#", "", "ü#\u{301}", "a#b#c"]
        for base in bases {
            for reference in ["#/components/schemas/A", "#", "#anchor"] {
                #expect(SchemaURI.resolve(reference, against: base) == String(base.prefix { $0 != "#" }) + reference, "\(base)")
            }
        }
    }

    /// `split` cuts at the same first `#` character, by byte where it can.
    @Test func aURIIsSplitAtItsFirstHashCharacter() {
        for uri in ["file:///tmp/a.json#/components/schemas/A", "https://x.example/y#frag", "https://x.example/\u{600}#f#g",
                    "https://x.example/#\u{301}x#y", "#", "", "ü#\u{301}", "a#b#c", "no fragment"] {
            let split = SchemaURI.split(uri)
            let resource = String(uri.prefix { $0 != "#" })
            #expect(split.resource == resource, "\(uri)")
            #expect(split.fragment == (resource.count < uri.count ? String(uri.dropFirst(resource.count + 1)) : ""), "\(uri)")
        }
    }

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
