import Testing
import TestSupport
@testable import APIDescriptions

/// Path templates with several parameters in one segment, as RFC 6570 level 1 allows.
@Suite struct PathTemplateTests {
    /// A reading written apart from `PathTemplate.scan`, code point by code point: at each `{`, a name of
    /// anything but `{`, `}` and `/`, at least one code point, then `}` is a parameter; else the `{` is
    /// literal and the reading moves one code point on.
    private static func reference(_ text: String) -> [(parameter: Bool, text: String)] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [(parameter: Bool, text: String)] = []
        var literal = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "{" {
                var end = index + 1
                while end < scalars.count, !["{", "}", "/"].contains(scalars[end]) { end += 1 }
                if end < scalars.count, scalars[end] == "}", end > index + 1 {
                    if !literal.isEmpty { pieces.append((false, String(literal))) }
                    literal = String.UnicodeScalarView()
                    pieces.append((true, String(String.UnicodeScalarView(scalars[(index + 1)..<end]))))
                    index = end + 1
                    continue
                }
            }
            literal.append(scalars[index])
            index += 1
        }
        if !literal.isEmpty { pieces.append((false, String(literal))) }
        return pieces
    }

    /// Every reader of `{name}` (the segments `call` and the mock match by, the names `call` fills in order,
    /// the filled URL, the shape and the lone parameter a diff pairs paths by) reads a template as the
    /// reference does: 3,000 generated templates of slashes, braces (unbalanced too), letters, a letter
    /// that is not ASCII and a combining mark, which must not join a brace into another character.
    @Test func everyReaderOfATemplateReadsItAsTheReferenceDoes() {
        var random = SeededRandom(seed: 47)
        let alphabet = ["/", "{", "}", "{", "}", "/", "a", "b", ".", "-", "ü", "\u{301}"]
        var parameters = 0
        for _ in 0..<3000 {
            let template = (0..<Int.random(in: 0...16, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
            let segments = template.unicodeScalars.split(separator: "/").map { String(String.UnicodeScalarView($0)) }
            let expected = segments.map { Self.reference($0).map { $0.parameter ? PathTemplate.Piece.parameter($0.text) : .literal($0.text) } }
            #expect(PathTemplate(template).segments == expected, "\(template.debugDescription)")

            let whole = Self.reference(template)
            parameters += whole.filter(\.parameter).count
            #expect(PathURLCoverage.shape(template[...]) == whole.map { $0.parameter ? "{}" : $0.text }.joined(), "\(template.debugDescription)")
            var names: [String] = []
            for piece in whole where piece.parameter && !names.contains(piece.text) { names.append(piece.text) }
            #expect(PathTemplate.names(in: template) == names, "\(template.debugDescription)")
            let values = Dictionary(uniqueKeysWithValues: names.map { ($0, "<\($0)>") })
            let filled = whole.map { $0.parameter ? "<\($0.text)>" : $0.text }.joined()
            #expect(OpenAPICall.url(base: "http://h", path: template, segments: values)
                    == "http://h" + (filled.hasPrefix("/") ? filled : "/" + filled), "\(template.debugDescription)")
            let texts = template.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
                .map { String(String.UnicodeScalarView($0)) }
            #expect(PathTemplate.segmentTexts(of: template[...]).map(String.init) == texts, "\(template.debugDescription)")
            for text in texts {
                let pieces = Self.reference(text)
                let lone = pieces.count == 1 && pieces[0].parameter ? pieces[0].text : nil
                #expect(PathURLCoverage.loneParameter(text[...]) == lone, "\(text.debugDescription)")
            }
            for name in names {
                let holding = texts.firstIndex { Self.reference($0).contains { $0.parameter && $0.text == name } }
                #expect(PathURLCoverage.segment(of: name, in: template) == holding, "\(name) in \(template.debugDescription)")
            }
        }
        #expect(parameters > 300)
    }

    @Test func aBraceThatNoNameClosesIsLiteralToEveryReader() {
        #expect(PathTemplate("/a/{b{c}").segments == [[.literal("a")], [.literal("{b"), .parameter("c")]])
        #expect(PathTemplate.names(in: "/a/{b{c}/{}/{d/e}") == ["c"])
        #expect(PathURLCoverage.shape("/a/{b{c}/{}/x}"[...]) == "/a/{b{}/{}/x}")
        #expect(OpenAPICall.url(base: "http://h/", path: "/a/{b{c}/{}", segments: ["c": "1", "b{c": "2"]) == "http://h/a/{b1/{}")
        #expect(PathURLCoverage.loneParameter("{b{c}"[...]) == nil)
        #expect(PathURLCoverage.loneParameter("{c}"[...]) == "c")
        #expect(PathURLCoverage.segment(of: "c", in: "/a/{b{c}") == 2)
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
