import Foundation
import Testing

/// The built `apish` against OpenAPI 3.0 and 3.1 descriptions of the demo server's `POST /media/echo`
/// (which answers with the body it was sent): requests typed and checked through "or null" and the
/// document's dialect, and an answer that does not match its schema never hidden.
@Suite struct SchemaEndToEndTests {
    /// `echo` takes a `Message` and answers with one; the answer must carry `model`.
    static func document(openAPI: String, temperature: String, effort: String) -> String {
        #"""
        {"openapi": "\#(openAPI)", "info": {"title": "echo", "version": "1"},
         "paths": {"/echo": {"post": {"operationId": "respond",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Message"}}}},
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Answer"}}}}}}}},
         "components": {"schemas": {
           "Effort": {"type": "string", "enum": ["low", "medium", "high"]},
           "Message": {"type": "object", "properties": {"model": {"type": "string"}, "temperature": \#(temperature),
                       "reasoning_effort": \#(effort), "count": {"type": "integer"}}},
           "Answer": {"type": "object", "required": ["model"], "properties": {"model": {"type": "string"}, "temperature": \#(temperature),
                      "reasoning_effort": \#(effort), "count": {"type": "integer"}}}}}}
        """#
    }

    /// A locator with the 3.0 spelling of "or null" as `echo v1` and the 3.1 ones as `echo v2`.
    static func locator(in folder: String, server: String) throws -> String {
        try document(openAPI: "3.0.3", temperature: #"{"type": "number", "nullable": true}"#,
                     effort: ##"{"allOf": [{"$ref": "#/components/schemas/Effort"}], "nullable": true}"##)
            .write(toFile: folder + "/echo30.json", atomically: true, encoding: .utf8)
        try document(openAPI: "3.1.0", temperature: #"{"type": ["number", "null"]}"#,
                     effort: ##"{"anyOf": [{"$ref": "#/components/schemas/Effort"}, {"type": "null"}]}"##)
            .write(toFile: folder + "/echo31.json", atomically: true, encoding: .utf8)
        try #"""
        {"services": [{"name": "echo", "version": 1, "url": "\#(server)/media", "openapi": "echo30.json"},
                      {"name": "echo", "version": 2, "url": "\#(server)/media", "openapi": "echo31.json"}]}
        """#.write(toFile: folder + "/locator.json", atomically: true, encoding: .utf8)
        return folder + "/locator.json"
    }

    @Test(arguments: ["v1", "v2"])
    func orNullItemsAreTypedAndTheirEnumsEnforced(version: String) throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = try Self.locator(in: folder, server: server.baseURL)
        // WHEN temperature=0.5 is given for "number or null" / THEN the server receives the number 0.5
        let sent = try Apish.run(["--no-color", "--locator", locator, "-c", "use echo \(version)",
                                  "-c", "call respond model=m temperature=0.5 reasoning_effort=low",
                                  "-c", "expect temperature == 0.5", "-c", "expect reasoning_effort == \"low\"", "-c", "expect schema"])
        #expect(sent.status == 0, "\(sent.stdout)\(sent.stderr)")
        #expect(sent.stdout.contains(#""temperature":0.5"#), "\(sent.stdout)")
        // WHEN a value outside the enum behind "or null" is given / THEN it is refused, naming the values
        let refused = try Apish.run(["--no-color", "--locator", locator, "-c", "use echo \(version)", "-c", "call respond reasoning_effort=bogus"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains(#"reasoning_effort: expected one of low | medium | high, found "bogus""#), "\(refused.stderr)")
        // AND help shows the type as one nullable type
        let help = try Apish.run(["--no-color", "--locator", locator, "-c", "use echo \(version)", "-c", "help respond"])
        #expect(help.stdout.contains("number | null"), "\(help.stdout)")
    }

    @Test func theDialectOfTheDocumentDecidesWhatAnIntegerIs() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = try Self.locator(in: folder, server: server.baseURL)
        // 3.0 is draft 4: 1.0 is not an integer; 3.1 is 2020-12: it is.
        let v1 = try Apish.run(["--no-color", "--locator", locator, "-c", "use echo v1", "-c", "call respond model=m count:=1.0"])
        #expect(v1.status != 0)
        #expect(v1.stderr.contains("count: expected integer, found number 1.0"), "\(v1.stderr)")
        let v2 = try Apish.run(["--no-color", "--locator", locator, "-c", "use echo v2", "-c", "call respond model=m count:=1.0", "-c", "expect schema"])
        #expect(v2.status == 0, "\(v2.stderr)")
    }

    @Test func aSchemaViolationIsNeverHidden() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = try Self.locator(in: folder, server: server.baseURL)
        // GIVEN an answer without the `model` its schema requires, judged only by its status
        try "use echo v2\ncall respond temperature=1\nexpect status 200\n".write(toFile: folder + "/status.apish", atomically: true, encoding: .utf8)
        try "use echo v2\ncall respond temperature=1\nexpect schema\n".write(toFile: folder + "/schema.apish", atomically: true, encoding: .utf8)

        // WHEN the script runs / THEN it passes, with a warning naming the violation, and its report counts it
        let passing = try Apish.run(["--no-color", "--locator", locator, "--report", "tap", folder + "/report.tap", folder + "/status.apish"])
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stderr.contains("warning: \(folder)/status.apish:2: the answer does not match its schema: model: expected a value, found no such field"), "\(passing.stderr)")
        let report = try String(contentsOfFile: folder + "/report.tap", encoding: .utf8)
        #expect(report.contains("# schema violations: 1"), "\(report)")
        #expect(report.contains(#"  schema: "model: expected a value, found no such field""#), "\(report)")
        // AND the HTML report counts it and names it on its line
        let html = try Apish.run(["--no-color", "--locator", locator, "--report", "html", folder + "/report.html", folder + "/status.apish"])
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOfFile: folder + "/report.html", encoding: .utf8)
        #expect(page.contains("<div class=\"counter review\"><b>1</b> schema violations</div>"), "\(page)")
        #expect(page.contains("<span class=\"badge review\">schema</span> model: expected a value, found no such field"), "\(page)")

        // WHEN --strict-schema is given / THEN the same script fails on it
        let strict = try Apish.run(["--no-color", "--strict-schema", "--locator", locator, folder + "/status.apish"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("status.apish:2: the answer does not match its schema: model: expected a value, found no such field (--strict-schema)"), "\(strict.stderr)")

        // WHEN expect schema asserts it / THEN it fails, saying why
        let asserted = try Apish.run(["--no-color", "--locator", locator, folder + "/schema.apish"])
        #expect(asserted.status == 1)
        #expect(asserted.stderr.contains("got a schema violation: model: expected a value, found no such field"), "\(asserted.stderr)")

        // AND --json carries it in a schema field
        let json = try Apish.run(["--json", "--locator", locator, "-c", "use echo v2", "-c", "call respond temperature=1"])
        let call = try #require(json.jsonLines.last)
        let schema = try #require(call["schema"] as? [String: Any], "\(json.stdout)")
        #expect(schema["valid"] as? Bool == false)
        #expect(schema["violations"] as? [String] == ["model: expected a value, found no such field"])
    }
}
