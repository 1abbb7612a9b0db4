import Foundation
import Testing

/// A cap that stops a computation says so: a schema whose `allOf` chain nests deeper than apish merges is
/// shown as not all there in `help`, refused whole by `call`'s check, and makes `diff --spec` incomplete, so
/// `expect breaking == 0` after it fails rather than passes.
@Suite struct SchemaCapsEndToEndTests {
    /// A document whose request and answer schema is `Level0`, each level `allOf` the next, 40 levels deep;
    /// the deepest requires `deep` when `withDeep`.
    static func document(withDeep: Bool) -> String {
        var schemas: [String] = []
        for level in 0..<40 {
            schemas.append(##""Level\##(level)": {"allOf": [{"$ref": "#/components/schemas/Level\##(level + 1)"}], "properties": {"p\##(level)": {"type": "string"}}}"##)
        }
        schemas.append(withDeep
            ? #""Level40": {"type": "object", "required": ["deep"], "properties": {"deep": {"type": "string"}}}"#
            : #""Level40": {"type": "object"}"#)
        return #"""
        {"openapi": "3.0.3", "info": {"title": "deep", "version": "1"}, "servers": [{"url": "http://127.0.0.1:9"}],
         "paths": {"/things": {"post": {"operationId": "createThing",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Level0"}}}},
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Level0"}}}}}}}},
         "components": {"schemas": {\#(schemas.joined(separator: ",\n"))}}}
        """#
    }

    @Test func aSchemaDeeperThanTheMergeCapIsNeverShownCheckedOrDiffedAsWhole() throws {
        // GIVEN two versions whose only difference lies 40 levels down
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.document(withDeep: true).write(toFile: folder + "/v1.json", atomically: true, encoding: .utf8)
        try Self.document(withDeep: false).write(toFile: folder + "/v2.json", atomically: true, encoding: .utf8)
        try #"""
        {"services": [{"name": "deep", "version": 1, "url": "http://127.0.0.1:9", "openapi": "v1.json"},
                      {"name": "deep", "version": 2, "url": "http://127.0.0.1:9", "openapi": "v2.json"}]}
        """#.write(toFile: folder + "/locator.json", atomically: true, encoding: .utf8)
        try "diff deep v1 v2 --spec\nexpect breaking == 0\n".write(toFile: folder + "/gate.apish", atomically: true, encoding: .utf8)

        // WHEN the CI gate runs / THEN it fails, saying the diff is incomplete
        let gate = try Apish.run(["--no-color", "--locator", folder + "/locator.json", folder + "/gate.apish"])
        // (3: a result not whole, which the failed expectation's 1 does not hide)
        #expect(gate.status == 3, "\(gate.stdout)\(gate.stderr)")
        #expect((gate.stdout + gate.stderr).contains("incomplete"), "\(gate.stdout)\(gate.stderr)")
        let json = try Apish.run(["--json", "--locator", folder + "/locator.json", "-c", "diff deep v1 v2 --spec"])
        let data = try #require(json.jsonLines.first?["data"] as? [String: Any])
        #expect(data["complete"] as? Bool == false, "\(json.stdout)")
        #expect(data["incomplete"] as? String != nil, "\(json.stdout)")
        #expect(json.status == 3)
        // AND the text says what it skipped, and the one-shot does not pass either
        let text = try Apish.run(["--no-color", "--locator", folder + "/locator.json", "-c", "diff deep v1 v2 --spec"])
        #expect(text.status == 3)
        #expect(text.stdout.contains("incomplete: 1 schema pair not compared") || text.stdout.contains("schema pairs not compared"), "\(text.stdout)")

        // WHEN the body is checked and shown / THEN call refuses to call a part a pass, and help says not all is shown
        let call = try Apish.run(["--no-color", "--locator", folder + "/locator.json", "-c", "use deep v1", "-c", "call createThing p0=x"])
        #expect(call.status != 0)
        #expect(call.stderr.contains("cannot check the body of createThing whole"), "\(call.stderr)")
        let help = try Apish.run(["--no-color", "--locator", folder + "/locator.json", "-c", "use deep v1", "-c", "help createThing"])
        #expect(help.stdout.contains("not all shown"), "\(help.stdout)")
    }
}
