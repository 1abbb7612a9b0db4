import Foundation
import Testing
@testable import Shell
import APIDescriptions

/// `help OPERATION` and Tab read a body schema through its alternatives: "or null" offers the enum values of
/// its one schema, and a `oneOf` body shows each alternative's fields.
@Suite struct SchemaAlternativesCommandTests {
    static func shell() throws -> (VersionShell, String) {
        let folder = NSTemporaryDirectory() + "apish-alternatives-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #"""
        {"openapi": "3.1.0", "info": {"title": "alternatives", "version": "1"},
         "paths": {
           "/responses": {"post": {"operationId": "respond", "requestBody": {"content": {"application/json": {"schema": {
              "type": "object", "properties": {
                "reasoning_effort": {"anyOf": [{"$ref": "#/components/schemas/Effort"}, {"type": "null"}]},
                "stream": {"type": ["boolean", "null"]}}}}}},
              "responses": {"200": {"description": "ok"}}}},
           "/droplets": {"post": {"operationId": "droplets_create", "requestBody": {"required": true, "content": {"application/json": {"schema": {
              "oneOf": [{"$ref": "#/components/schemas/single"}, {"$ref": "#/components/schemas/multiple"}]}}}},
              "responses": {"202": {"description": "ok"}}}}},
         "components": {"schemas": {
           "Effort": {"type": "string", "enum": ["low", "medium", "high"]},
           "single": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "backups": {"type": "boolean"}}},
           "multiple": {"type": "object", "required": ["names"], "properties": {"names": {"type": "array", "items": {"type": "string"}}}}}}}
        """#.write(toFile: folder + "/alternatives.json", atomically: true, encoding: .utf8)
        try #"{"services": [{"name": "alt", "version": 1, "url": "api", "openapi": "alternatives.json"}]}"#
            .write(toFile: folder + "/locator.json", atomically: true, encoding: .utf8)
        return (try VersionShell(root: folder, locator: "locator.json"), folder)
    }

    @Test func tabOffersEnumValuesThroughTheNullBranch() throws {
        let (shell, folder) = try Self.shell()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func complete(_ line: String) -> [String] {
            Completer(session: shell.session).complete(line: line, cursor: line.count).candidates
        }
        #expect(complete("call respond reasoning_effort=") == ["reasoning_effort=low", "reasoning_effort=medium", "reasoning_effort=high"])
        #expect(complete("call respond stream=").contains { $0.hasSuffix("true") })
    }

    @Test func helpShowsEachAlternativesFields() throws {
        let (shell, folder) = try Self.shell()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let help = shell.run("help droplets_create")
        #expect(help.ok, "\(help.err)")
        let lines = help.out.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("request body:") })
        #expect(Array(lines[(start + 1)...].prefix(9)) == [
            "  one of:",
            "  - single:",
            "    PROPERTY  REQUIRED  TYPE",
            "    name      yes       string",
            "    backups   no        boolean",
            "  - multiple:",
            "    PROPERTY  REQUIRED  TYPE",
            "    names     yes       array of string",
            "responses: 202",
        ])
        let respond = shell.run("help respond")
        #expect(respond.out.contains("reasoning_effort  no        Effort | null (low | medium | high)"), "\(respond.out)")
    }
}
