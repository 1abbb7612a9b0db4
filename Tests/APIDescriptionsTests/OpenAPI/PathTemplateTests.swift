import Testing
import TestSupport
@testable import APIDescriptions

/// Path templates with several parameters in one segment, as RFC 6570 level 1 allows.
@Suite struct PathTemplateTests {
    /// An ASCII template is read by its bytes, any other by its characters: both readings agree. Each
    /// generated template (slashes, braces, dots and letters, unbalanced ones too) is read alone, and again
    /// behind a segment, a character or a prefix that is not ASCII, which sends it down the other way.
    @Test func anASCIITemplateReadsByItsBytesAsByItsCharacters() {
        var random = SeededRandom(seed: 47)
        let alphabet = Array("/{}{}..-_abcxyz")
        for _ in 0..<2000 {
            let template = String((0..<Int.random(in: 0...14, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
            #expect(PathTemplate("/ü/" + template).segments == [[.literal("ü")]] + PathTemplate(template).segments, "\(template)")
            #expect(PathURLCoverage.shape(Substring("ü" + template)) == "ü" + PathURLCoverage.shape(Substring(template)), "\(template)")
            #expect(OpenAPIOperation.templateNames(in: "ü" + template) == OpenAPIOperation.templateNames(in: template), "\(template)")
        }
    }

    @Test func severalParametersShareASegment() throws {
        // GIVEN GitHub's compare route and a file-name route
        let compare = PathTemplate("/repos/{owner}/{repo}/compare/{base}...{head}")
        let file = PathTemplate("/files/{name}.{ext}")
        // WHEN paths are matched
        let match = try #require(compare.match(["repos", "o", "r", "compare", "main...dev"]))
        // THEN each parameter gets its part of the segment
        #expect(match.values == ["owner": "o", "repo": "r", "base": "main", "head": "dev"])
        #expect(match.literals == 2)
        #expect(file.match(["files", "report.tar.gz"])?.values == ["name": "report", "ext": "tar.gz"])
        // a segment without the literal, or with an empty part, does not fit
        #expect(compare.match(["repos", "o", "r", "compare", "main"]) == nil)
        #expect(compare.match(["repos", "o", "r", "compare", "...dev"]) == nil)
        #expect(compare.match(["repos", "o", "r", "compare", "main..."]) == nil)
        #expect(file.match(["files", "report"]) == nil)
    }

    @Test func literalsAndPrefixesAreExact() {
        let template = PathTemplate("/v1/items/{id}.json")
        #expect(template.match(["v1", "items", "7.json"])?.values == ["id": "7"])
        #expect(template.match(["v1", "items", "7.xml"]) == nil)
        #expect(template.match(["v2", "items", "7.json"]) == nil)
        #expect(template.match(["v1", "items"]) == nil)
        // a wildcard segment (a value known only at run time) fits any template segment
        #expect(template.match(["v1", "items", "$id"], isWildcard: { $0.hasPrefix("$") }) != nil)
    }

    @Test func aLongHostileSegmentIsMatchedInOnePass() {
        let template = PathTemplate("/{a}.{b}.{c}.{d}")
        let segment = String(repeating: ".", count: 100_000) + "x"
        #expect(template.match([segment])?.values["d"]?.count == segment.count - 6)
        #expect(template.match([String(repeating: "x", count: 100_000)]) == nil)
        #expect(template.match(["a.b.c.d.e"])?.values == ["a": "a", "b": "b", "c": "c", "d": "d.e"])
    }
}
