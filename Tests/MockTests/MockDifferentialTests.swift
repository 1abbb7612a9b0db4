import APIDescriptions
import Facade
import Foundation
import HTTPClient
import HTTPTypes
import JSON
import Schemas
@testable import Mock
import Testing
import TestSupport

/// Values the mock generates, static and drawn (`Prefer: dynamic=true`), for every response and request
/// body of the demo's descriptions, the published 3.1 one and a document of every keyword the generator
/// reads, are valid by python-jsonschema (jsonschema_check.py) and by apish's own validator.
@Suite(.serialized) struct MockDifferentialTests {
    /// Keywords the generator honours, one schema each: formats, bounds, lengths, simple patterns,
    /// composition.
    static let keywordDocument = """
    {"openapi": "3.1.0", "info": {"title": "Keywords", "version": "1"}, "paths": {"/k": {"get": {"responses": {"200": {
      "description": "every keyword", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/All"}}}}}}}},
     "components": {"schemas": {
      "All": {"type": "object", "required": ["when", "day", "id", "mail", "link", "small", "range", "odd", "step", "code",
                                            "phone", "word", "tags", "shape", "either", "merged", "nullable", "fixed", "one"],
        "properties": {
          "when": {"type": "string", "format": "date-time"}, "day": {"type": "string", "format": "date"},
          "id": {"type": "string", "format": "uuid"}, "mail": {"type": "string", "format": "email"},
          "link": {"type": "string", "format": "uri"},
          "small": {"type": "integer", "minimum": -5, "maximum": -3},
          "range": {"type": "number", "exclusiveMinimum": 0.5, "exclusiveMaximum": 0.75},
          "odd": {"type": "integer", "minimum": 10, "multipleOf": 7},
          "step": {"type": "number", "multipleOf": 0.25, "minimum": 1.1},
          "code": {"type": "string", "pattern": "^[A-Z]{3}-\\\\d{2,4}$"},
          "phone": {"type": "string", "pattern": "^\\\\+?[0-9]{7,12}$"},
          "word": {"type": "string", "minLength": 12, "maxLength": 14},
          "tags": {"type": "array", "minItems": 3, "maxItems": 3, "uniqueItems": true, "items": {"type": "integer", "minimum": 0}},
          "shape": {"type": "object", "minProperties": 2, "properties": {"a": {"type": "string"}}, "required": ["a"]},
          "either": {"oneOf": [{"type": "string", "maxLength": 2, "minLength": 2}, {"type": "integer"}]},
          "merged": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["extra"],
                                "properties": {"extra": {"type": "boolean"}}}]},
          "nullable": {"type": ["string", "null"], "maxLength": 3},
          "fixed": {"const": "fixed"},
          "one": {"anyOf": [{"type": "null"}, {"$ref": "#/components/schemas/Base"}]}
        }},
      "Base": {"type": "object", "required": ["name", "count"], "properties": {
        "name": {"type": "string", "pattern": "^pet-[a-z]+$"}, "count": {"type": "integer", "exclusiveMinimum": 0, "maximum": 3}}}
     }}}
    """

    struct Case {
        let label: String
        let document: String
        let pointer: String
        let draft: String
        let instance: JSONValue
    }

    private func cases(of version: MockVersion, id: String) -> [Case] {
        let draft = version.spec.openAPIVersion.hasPrefix("3.1") ? "2020-12" : "4"
        var cases: [Case] = []
        func add(_ schema: JSONSchema, _ label: String, forRequest: Bool) {
            for draw in 0..<4 {
                var generator = ValueGenerator(document: version.document, seed: "\(label) \(draw)", dynamic: draw > 0, forRequest: forRequest)
                let value = generator.value(for: schema)
                let named = "\(version.label) \(label)" + (draw > 0 ? " (drawn \(draw))" : "")
                #expect(schema.validate(value, limit: 1).isEmpty, "\(named): apish rejects \(value.encoded()): \(schema.validate(value, limit: 1))")
                cases.append(Case(label: named, document: id, pointer: schema.pointer, draft: draft, instance: value))
            }
        }
        for operation in version.spec.operations {
            for response in operation.responses {
                if let schema = response.schema { add(schema, "\(operation.displayName) \(response.status)", forRequest: false) }
            }
            if let schema = operation.requestBody?.schema { add(schema, "\(operation.displayName) body", forRequest: true) }
        }
        return cases
    }

    /// What python-jsonschema says of the cases.
    private func pythonJSONSchema(_ cases: [Case], documents: [String: JSONValue]) throws -> (checked: Int, failures: [String]) {
        let scratch = try ScratchDirectory()
        let input: JSONValue = .object(JSONObject([
            ("documents", .object(JSONObject(documents.map { ($0.key, $0.value) }))),
            ("cases", .array(cases.map { item in
                .object(JSONObject([
                    ("label", .string(item.label)), ("document", .string(item.document)), ("pointer", .string(item.pointer)),
                    ("draft", .string(item.draft)), ("instance", item.instance),
                ]))
            })),
        ]))
        let file = try scratch.write("cases.json", input.encoded())
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("jsonschema_check.py")
        let result = try JSONValue.parse(PythonReference.run(script, [file], installedBy: "scripts/setup --test installs jsonschema"))
        let failures = result["failures"]?.arrayValue?.map { "\($0["label"]?.stringValue ?? "?"): \($0["error"]?.stringValue ?? "?")" } ?? []
        return (result["checked"]?.intValue ?? 0, failures)
    }

    @Test func generatedValuesAreValidByPythonJSONSchema() throws {
        let demo = try LiveDemoServer()
        let scratch = try ScratchDirectory()
        let keywords = try scratch.write("keywords.json", Self.keywordDocument)
        let locations = [
            demo.url("/services-openapi.json"), demo.url("/specs/vault.json"), demo.url("/descriptions/pets-multi/openapi.yaml"),
            demo.url("/descriptions/swagger-pets/swagger.yaml"), MockAnswerCheckTests.tictactoe, keywords,
        ]
        var cases: [Case] = []
        var documents: [String: JSONValue] = [:]
        for (index, location) in locations.enumerated() {
            let server = try MockServer.load(location, transport: CurlTransport()).server
            for (offset, version) in server.versions.enumerated() {
                let id = "\(index).\(offset)"
                documents[id] = version.document.root
                cases += self.cases(of: version, id: id)
            }
        }
        #expect(cases.count > 100)
        let verdict = try pythonJSONSchema(cases, documents: documents)
        #expect(verdict.checked == cases.count)
        #expect(verdict.failures.isEmpty, "\(verdict.failures.prefix(10))")
    }
}
