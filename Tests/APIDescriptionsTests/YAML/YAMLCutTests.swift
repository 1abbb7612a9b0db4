import Foundation
import Testing
import FoundationFree
import JSON
@testable import APIDescriptions

/// A large document is read as pieces at once (`YAMLCut`, `YAMLReader.readPieces`). These check where the
/// cuts go, that the pieces give exactly what one pass gives, and that every case a cut cannot handle
/// falls back to one pass, with one pass's answer or error.
@Suite struct YAMLCutTests {
    /// A spec in the shape published ones have: a few small root entries, then `paths` and `components`
    /// with one key per line at two spaces.
    static func spec(paths: Int, schemas: Int, extra: String = "") -> String {
        var text = "openapi: 3.0.1\ninfo:\n  title: Cut\n  version: 1.0.0\n"
        text += "paths:\n"
        for index in 0..<paths {
            text += """
              /things/\(index):
                get:
                  operationId: getThing\(index)
                  summary: "Fetch thing \(index): with a colon"
                  description: |
                    Returns thing \(index).
                    Second line.
                  parameters:
                  - name: id
                    in: path
                    required: true
                    schema: {type: integer, minimum: 1}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            $ref: '#/components/schemas/Thing\(index % max(schemas, 1))'

            """
        }
        text += extra
        text += "components:\n  schemas:\n"
        for index in 0..<schemas {
            text += """
                Thing\(index):
                  type: object
                  properties:
                    id: {type: integer}
                    name: {type: string, nullable: true}
                    tags: [a, b, 'c d']

            """
        }
        return text
    }

    func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    func cut(_ text: String) -> YAMLCut? {
        withBytes(text) { YAMLCut.find(in: $0, minimumBytes: 0) }
    }

    /// The whole document read in one pass.
    func whole(_ text: String, nodeLimit: Int? = nil) -> Result<JSONValue, YAMLError> {
        withBytes(text) {
            YAMLReader.readPart($0, nodeLimit: nodeLimit ?? YAMLReader.nodeLimit(bytes: $0.count), cancellation: nil).map(\.value)
        }
    }

    /// The document read as halves at its cut; nil when the halves fall back to one pass.
    func halves(_ text: String, nodeLimit: Int? = nil, cancellation: CancellationToken? = nil) -> Result<JSONValue, YAMLError>? {
        withBytes(text) { bytes in
            guard let cut = YAMLCut.find(in: bytes, minimumBytes: 0) else { return nil }
            return YAMLReader.readPieces(bytes, at: [cut], threads: 2,
                                         nodeLimit: nodeLimit ?? YAMLReader.nodeLimit(bytes: bytes.count), cancellation: cancellation)
        }
    }

    @Test func cutsBetweenTwoKeysOfTheEntryTheMiddleFallsIn() throws {
        let text = Self.spec(paths: 40, schemas: 10)
        let found = try #require(cut(text))
        let bytes = Array(text.utf8)
        #expect(found.reopening == Array("paths:\n".utf8))
        #expect(found.depth == 1)
        // At the start of a `  /things/N:` line, near the middle.
        #expect(bytes[found.offset - 1] == UInt8(ascii: "\n"))
        #expect(String(decoding: bytes[found.offset..<found.offset + 10], as: UTF8.self) == "  /things/")
        #expect(abs(found.offset - bytes.count / 2) < bytes.count / 10)
    }

    @Test func cutsTwoLevelsDeepWhenTheMiddleIsInsideComponentsSchemas() throws {
        let text = Self.spec(paths: 3, schemas: 80)
        let found = try #require(cut(text))
        #expect(found.reopening == Array("components:\n  schemas:\n".utf8))
        #expect(found.depth == 2)
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[found.offset..<found.offset + 9], as: UTF8.self) == "    Thing")
    }

    @Test func cutsBetweenRootKeysWhenTheEntryCannotBeReopened() throws {
        // `paths: &all` carries an anchor, which a later piece could not re-open without changing its meaning.
        let text = Self.spec(paths: 40, schemas: 40).replacingOccurrences(of: "paths:\n", with: "paths: &all\n")
        let found = try #require(cut(text))
        #expect(found.reopening.isEmpty)
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[found.offset..<found.offset + 11], as: UTF8.self) == "components:")
    }

    @Test(arguments: [
        ("a flow mapping at the root", "{a: 1, b: 2}\n"),
        ("a list at the root", "- 1\n- 2\n"),
        ("a directive", "%YAML 1.2\n---\na: 1\n"),
        ("a second document", "a: 1\n---\nb: 2\n"),
        ("a document end, then more", "a: 1\n...\nb: 2\n"),
        ("a byte order mark", "\u{FEFF}a: 1\n"),
        ("one root key", "a:\n  b: 1\n"),
    ])
    func noCutWhereTheShapeIsNotABlockMapping(_ name: String, _ head: String) {
        let text = head + String(repeating: "# padding so the document is not too small for a cut\n", count: 4)
        #expect(cut(text) == nil, "\(name)")
    }

    /// A byte order mark is allowed at the start of a stream only: a piece starting with one would read where
    /// the whole document does not (found by the fuzzer).
    @Test func aByteOrderMarkInsideTheDocumentIsNoCut() {
        // As the fuzzer found it: the second root key starts with a byte order mark.
        let text = "x-1: [a,\nk1: v]\n\u{FEFF}x-2:\n  2003:\n    /p4: [a,\n      /p4: x]\n    /p5:\n  "
        #expect(throws: YAMLError.self) { try whole(text).get() }
        let pieces = withBytes(text) { bytes -> Result<JSONValue, YAMLError>? in
            let cuts = YAMLCut.cuts(in: bytes, pieces: 4, minimumBytes: 0)
            return cuts.isEmpty ? nil : YAMLReader.readPieces(bytes, at: cuts, threads: 1, nodeLimit: .max, cancellation: nil)
        }
        if case .success(let value)? = pieces { Issue.record("the pieces read what one pass refuses: \(value)") }
    }

    @Test(arguments: [1, 2, 3])
    func manyPiecesOnAnyNumberOfThreadsGiveWhatOnePassGives(_ threads: Int) throws {
        let text = Self.spec(paths: 60, schemas: 200)
        let cuts = withBytes(text) { YAMLCut.cuts(in: $0, pieces: 8, minimumBytes: 0) }
        #expect(cuts.count >= 5)
        #expect(cuts.map(\.offset) == cuts.map(\.offset).sorted())
        #expect(Set(cuts.map(\.depth)).isSuperset(of: [1, 2]), "cuts in paths and in components → schemas")
        let pieces = withBytes(text) {
            YAMLReader.readPieces($0, at: cuts, threads: threads, nodeLimit: YAMLReader.nodeLimit(bytes: $0.count), cancellation: nil)
        }
        #expect(try pieces?.get() == whole(text).get())
    }

    @Test func aSmallDocumentIsReadInOnePass() {
        let text = Self.spec(paths: 5, schemas: 2)
        #expect(withBytes(text) { YAMLCut.find(in: $0) } == nil)
        #expect(cut(text) != nil)
    }

    @Test(arguments: [
        YAMLCutTests.spec(paths: 60, schemas: 20),
        // The middle in components → schemas: the cut re-opens both.
        YAMLCutTests.spec(paths: 3, schemas: 80),
        // Anchors and merges that stay in their piece.
        YAMLCutTests.spec(paths: 30, schemas: 30, extra: "x-base: &base {a: 1}\nx-more:\n  <<: *base\n  b: 2\n"),
        "---\n# explicit start\n" + YAMLCutTests.spec(paths: 30, schemas: 5),
        YAMLCutTests.spec(paths: 30, schemas: 5).replacingOccurrences(of: "\n", with: "\r\n"),
    ])
    func halvesGiveWhatOnePassGives(_ text: String) throws {
        let split = try #require(halves(text), "the halves fell back to one pass")
        #expect(try split.get() == whole(text).get())
        // And the public path, which cuts documents past the size threshold, agrees as well.
        #expect(try APIDocumentText.parse(Data(text.utf8)) == whole(text).get())
    }

    @Test func aLargeDocumentIsCutOnThePublicPath() throws {
        var text = Self.spec(paths: 700, schemas: 100)
        #expect(text.utf8.count >= YAMLCut.minimumBytes)
        #expect(withBytes(text) { YAMLCut.find(in: $0) } != nil)
        #expect(try halves(text)?.get() == whole(text).get())
        text += "paths: again\n"
        // A key given twice, in the first piece and in the last: one pass's error, with its true line.
        let error = try #require(yamlError(text))
        #expect(error.message.contains("duplicate key \"paths\""))
        #expect(error.line == text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
    }

    func yamlError(_ text: String) -> YAMLError? {
        do {
            _ = try APIDocumentText.parse(Data(text.utf8))
            return nil
        } catch {
            guard case .yaml(let yaml) = error else { return nil }
            return yaml
        }
    }

    @Test func anAliasToTheOtherHalfFallsBackToOnePass() throws {
        let text = "x-shared: &shared {type: string}\n" + Self.spec(paths: 40, schemas: 4)
            .replacingOccurrences(of: "'#/components/schemas/Thing3'", with: "*shared")
        #expect(halves(text) == nil)
        let value = try whole(text).get()
        #expect(value["paths"]?["/things/39"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]?["$ref"]
            == ["type": "string"])
    }

    @Test func aKeyInBothHalvesFallsBackToOnePass() throws {
        let text = Self.spec(paths: 40, schemas: 4)
        let found = try #require(cut(text))
        // Repeat, after the cut, the path key just before it.
        let bytes = Array(text.utf8)
        let before = String(decoding: bytes[..<found.offset], as: UTF8.self)
        let lastPath = try #require(before.components(separatedBy: "\n  /things/").last?.prefix { $0 != ":" })
        let doubled = text.replacingOccurrences(of: "components:\n", with: "  /things/\(lastPath):\n    x: 1\ncomponents:\n")
        #expect(halves(doubled) == nil)
        guard case .failure(let error) = whole(doubled) else {
            Issue.record("one pass read a duplicate key")
            return
        }
        #expect(error.message.contains("duplicate key \"/things/\(lastPath)\""))
    }

    @Test func aQuotedScalarAcrossTheCutFallsBackToOnePass() throws {
        // A line that only looks like a key of `paths`: it is inside a double-quoted scalar, which libyaml
        // lets continue at any indentation. A cut there leaves the piece before it with its quote open.
        let original = Self.spec(paths: 40, schemas: 4)
        let found = try #require(cut(original))
        let bytes = Array(original.utf8)
        let quoted = "    x-note: \"opens\n  /looks/like/a/key: but closes\"\n"
        let text = String(decoding: bytes[..<found.offset], as: UTF8.self) + quoted
            + String(decoding: bytes[found.offset...], as: UTF8.self)
        let expected = try whole(text).get()
        #expect(expected["paths"]?["/looks/like/a/key"] == nil)
        let lookalike = found.offset + "    x-note: \"opens\n".utf8.count
        let wrongCut = YAMLCut(offset: lookalike, reopening: Array("paths:\n".utf8), depth: 1)
        let split = withBytes(text) { YAMLReader.readPieces($0, at: [wrongCut], threads: 2, nodeLimit: .max, cancellation: nil) }
        #expect(split == nil)
        #expect(try APIDocumentText.parse(Data(text.utf8)) == expected)
    }

    @Test func thePiecesTogetherStayWithinTheNodeBudget() throws {
        let text = Self.spec(paths: 40, schemas: 4)
        guard case .success(let part) = withBytes(text, { YAMLReader.readPart($0, nodeLimit: .max, cancellation: nil) }) else {
            Issue.record("the document did not read")
            return
        }
        #expect(halves(text, nodeLimit: 4 * part.nodes) != nil)
        // One node short of the document's own count: refused by the pieces and by one pass alike.
        #expect(halves(text, nodeLimit: part.nodes - 1) == nil)
        guard case .failure(let error) = whole(text, nodeLimit: part.nodes - 1) else {
            Issue.record("one pass read past the node budget")
            return
        }
        #expect(error.message.contains("alias bomb"))
    }

    @Test func eachPieceMayExpandOnlyToItsShareOfTheBudget() throws {
        // Aliases in the second half that expand to most of the budget: within it for the whole document,
        // past the second half's share, so the pieces fall back to one pass, which reads it.
        var text = Self.spec(paths: 40, schemas: 4)
        let fan = "x-fan:\n  base: &base [" + Array(repeating: "1", count: 100).joined(separator: ", ") + "]\n"
            + (0..<60).map { "  copy\($0): *base\n" }.joined()
        text += fan
        let expanded = try #require(try? whole(text, nodeLimit: .max).get())
        guard case .success(let part) = withBytes(text, { YAMLReader.readPart($0, nodeLimit: .max, cancellation: nil) }) else {
            Issue.record("the document did not read")
            return
        }
        let limit = part.nodes + 10
        #expect(try whole(text, nodeLimit: limit).get() == expanded)
        #expect(halves(text, nodeLimit: limit) == nil)
        #expect(halves(text, nodeLimit: .max) != nil)
    }

    @Test func aCancelledReadStopsBothHalves() throws {
        let text = Self.spec(paths: 400, schemas: 40)
        let token = CancellationToken()
        token.cancel()
        guard case .failure(let error)? = halves(text, cancellation: token) else {
            Issue.record("a cancelled read of halves did not stop")
            return
        }
        #expect(error.isCancellation)
    }
}
