import Foundation
import Testing
import FoundationFree
import JSON
import APIDescriptions

@Suite struct YAMLReaderTests {
    func read(_ text: String) throws(APIDocumentTextError) -> JSONValue {
        try APIDocumentText.parse(Data(text.utf8))
    }

    func yamlError(_ text: String) -> YAMLError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            guard case .yaml(let yaml) = error else { return nil }
            return yaml
        }
    }

    @Test func yaml12CoreSchemaNotYAML11() throws {
        // GIVEN words YAML 1.1 reads as booleans and numbers WHEN read THEN they stay what 1.2 says
        let value = try read("a: yes\nb: on\nc: off\nd: no\ne: 0o17\nf: 017\ng: 0x1F\nh: 1:30\ni: 2001-12-14\n")
        #expect(value == ["a": "yes", "b": "on", "c": "off", "d": "no", "e": 15, "f": 17, "g": 31, "h": "1:30", "i": "2001-12-14"])
    }

    @Test func nonSpecificAndUnknownTagsLeaveScalarsAsText() throws {
        #expect(try read("a: ! 12\nb: !thing true\nc: !!str 1.5\nd: !!int 7\n") == ["a": "12", "b": "true", "c": "1.5", "d": 7])
    }

    @Test func infinityIsANumberJSONCanHoldAndNaNIsNull() throws {
        // `[` makes it JSON, which has no .inf: the JSON error, as for any broken JSON
        #expect(throws: APIDocumentTextError.self) { try read("[.inf]") }
        let yaml = try read("- .inf\n- -.inf\n- .nan\n")
        #expect(yaml[0]?.doubleValue == nil)
        #expect(yaml[0]?.numberValue?.text == "1e999")
        #expect(yaml[1]?.numberValue?.text == "-1e999")
        #expect(yaml[2] == .null)
    }

    @Test func aDocumentStartingWithABraceIsJSONAndGetsTheJSONError() {
        #expect(throws: APIDocumentTextError.self) { try read("{\"a\": 1,}") }
        do {
            _ = try read("  \n {\"a\": yes}")
            Issue.record("broken JSON was read")
        } catch {
            guard case .json(let json) = error else {
                Issue.record("expected the JSON error, got \(error)")
                return
            }
            #expect(json.line == 2)
            #expect(json.description.hasPrefix("line 2, column 8:"))
        }
    }

    @Test func flowMappingAfterAKeyIsYAML() throws {
        #expect(try read("a: {b: [1, 2]}") == ["a": ["b": [1, 2]]])
        #expect(APIDocumentText.looksLikeJSON(Data("\u{FEFF}{}".utf8)))
        #expect(!APIDocumentText.looksLikeJSON(Data("openapi: 3.0.0".utf8)))
    }

    @Test func duplicateKeysAreAnErrorNamingBothLines() {
        let error = yamlError("name: a\nother: b\nname: c\n")
        #expect(error?.line == 3)
        #expect(error?.column == 1)
        #expect(error?.description == "line 3, column 1: duplicate key \"name\" (first at line 1)")
        // a wide mapping, whose keys are looked up by hash
        let wide = (0..<100).map { "k\($0): \($0)" }.joined(separator: "\n") + "\nk42: again\n"
        #expect(yamlError(wide)?.description == "line 101, column 1: duplicate key \"k42\" (first at line 43)")
        // the same number written two ways is the same key
        #expect(yamlError("200: a\n0xC8: b\n")?.line == 2)
    }

    @Test func keysWrittenInTheMappingOverrideMergedOnes() throws {
        let value = try read("base: &b {a: 1, b: 2}\nm:\n  <<: *b\n  b: 3\n")
        #expect(value["m"] == ["a": 1, "b": 3])
        #expect(yamlError("m:\n  a: 1\n  <<: {a: 2}\n  a: 3\n")?.line == 4)
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let error = yamlError("a: 1\nb: [1, 2\nc: 3\n")
        #expect(error != nil)
        #expect(error?.line == 3)
        #expect(error?.description.hasPrefix("line 3, column ") == true)
        let tab = yamlError("a:\n\tb: 1\n")
        #expect(tab?.line == 2)
        #expect(yamlError("a: *nowhere\n")?.description == "line 1, column 4: unknown alias *nowhere")
        #expect(yamlError("a: 1\n---\nb: 2\n")?.line == 2)
        #expect(yamlError("? [a, b]\n: c\n")?.description == "line 1, column 3: a mapping key must be a scalar, not a list or mapping")
    }

    @Test func invalidUTF8IsAnError() {
        var bytes = Array("a: ".utf8)
        bytes += [0xC3, 0x28, 0x0A]
        #expect(throws: APIDocumentTextError.self) { try APIDocumentText.parse(Data(bytes)) }
    }

    @Test func aBillionLaughsIsRefusedWithinTheBudget() {
        // GIVEN nine levels of ten aliases each (10⁹ nodes expanded) WHEN read THEN a clear error, at once
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ") + "]\n"
        }
        let error = yamlError(text)
        #expect(error?.message.hasPrefix("the document expands to more than \(1_000_000 + 4 * text.utf8.count) nodes") == true, "\(String(describing: error))")
        #expect(error?.line == 6)
    }

    @Test func modestAliasUseIsFine() throws {
        let text = "s: &s {type: string}\n" + (0..<1000).map { "p\($0): *s" }.joined(separator: "\n")
        let value = try read(text)
        #expect(value.objectValue?.count == 1001)
        #expect(value["p999"] == ["type": "string"])
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "- ", count: 600) + "x\n"
        #expect(yamlError(deep)?.message == "nested more than 512 levels deep")
        let flow = String(repeating: "[", count: 100_000)
        #expect(throws: APIDocumentTextError.self) { try read("a: " + flow) }
    }

    @Test func aliasesCountTheirDepth() {
        // Each alias is nested inside a new level, so expanded nesting passes the bound
        var text = "l0: &l0 [x]\n"
        for level in 1..<300 { text += "l\(level): &l\(level) [[*l\(level - 1)]]\n" }
        #expect(yamlError(text)?.message.contains("levels deep once aliases are expanded") == true)
    }

    @Test func cancellationStopsTheRead() {
        let token = CancellationToken()
        token.cancel()
        let text = (0..<20_000).map { "k\($0): v" }.joined(separator: "\n")
        do {
            _ = try APIDocumentText.parse(Data(text.utf8), cancellation: token)
            Issue.record("a cancelled read finished")
        } catch {
            #expect(error.isCancellation)
        }
    }
}
