import Foundation
import Testing
import JSON
@testable import APIDescriptions

/// The JSON Schema Test Suite's draft 2020-12 tests through OpenAPI 3.1 descriptions: each group's schema
/// under `components/schemas` (with an `$id` of its own when it has none, as a schema file has its address),
/// each test a request body checked as `call` checks it. The suite's remote documents and the metaschemas
/// are served by the fetcher from the fixtures, as its server on loopback would serve them.
@Suite struct SuiteThroughDescriptionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/JSONSchemaTestSuite")

    static func files() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("tests/draft2020-12").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// `skipped.txt`'s keys: what the suite's own test skips is skipped here too.
    static let skipped: Set<String> = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("skipped.txt"), encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.components(separatedBy: " | ").prefix(3).joined(separator: " | ") })
    }()

    /// The file a suite URL names, from the fixtures.
    static func fetch(_ address: String) throws(DocumentBundleError) -> Data {
        let local: URL
        if address.hasPrefix("http://localhost:1234/") {
            local = root.appendingPathComponent("remotes/" + address.dropFirst("http://localhost:1234/".count))
        } else if address.hasPrefix("https://json-schema.org/draft/2020-12/") {
            let name = address.dropFirst("https://json-schema.org/draft/2020-12/".count)
            local = root.appendingPathComponent("metaschemas/draft2020-12/" + (name == "schema" ? "schema" : name) + ".json")
        } else {
            throw .unreachable(address: address, reason: "not a suite document")
        }
        guard let data = try? Data(contentsOf: local) else { throw .unreachable(address: address, reason: "no such file") }
        return data
    }

    @Test("draft 2020-12 through a description", arguments: files())
    func draft2020(file: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("tests/draft2020-12/\(file)"))
        guard case .array(let groups) = try JSONValue.parse(data) else { return }
        var failed: [String] = []
        var passed = 0
        var remote = 0
        for (index, group) in groups.enumerated() {
            let groupName = group["description"]?.stringValue ?? "?"
            guard var schema = group["schema"], case .array(let tests)? = group["tests"] else { continue }
            // What needs the suite's remote server (or the metaschemas from the web) is left out: a
            // description's loader fetches such documents, and these tests serve none.
            let text = schema.encoded()
            if text.contains("localhost:1234") || text.contains("json-schema.org/draft/2020-12/schema\"") && text.contains("$ref\":\"https://json-schema.org") {
                remote += tests.count
                continue
            }
            if case .object(var object) = schema, object["$id"] == nil {
                object["$id"] = .string("https://suite.apish.test/\(file)/\(index)")
                schema = .object(object)
            }
            let description: JSONValue = [
                "openapi": "3.1.0", "info": ["title": "suite", "version": "1"],
                "paths": ["/t": ["post": ["operationId": "t",
                    "requestBody": ["content": ["application/json": ["schema": ["$ref": "#/components/schemas/S"]]]],
                    "responses": ["200": ["description": "ok"]]]]],
                "components": ["schemas": ["S": schema]],
            ]
            let schemaOfBody: Result<OpenAPIDocument, any Error> = Result {
                let bundled = try DocumentBundle.bundle(description, source: "/suite/\(file)", fetch: Self.fetch)
                return try OpenAPIDocument.parse(bundled, source: "/suite/\(file)")
            }
            for test in tests {
                let testName = test["description"]?.stringValue ?? "?"
                let key = "draft2020-12/\(file) | \(groupName) | \(testName)"
                guard !Self.skipped.contains(key), let instance = test["data"], let valid = test["valid"]?.boolValue else { continue }
                do {
                    let document = try schemaOfBody.get()
                    guard let body = document.operation(named: "t")?.requestBody?.schema else {
                        failed.append("\(key): no body schema")
                        continue
                    }
                    let failures = body.validate(instance, limit: 1)
                    if failures.isEmpty == valid {
                        passed += 1
                    } else {
                        failed.append("\(key): expected \(valid ? "valid" : "invalid"), apish says \(failures.first?.description ?? "valid")")
                    }
                } catch {
                    failed.append("\(key): the description did not load: \(error)")
                }
            }
        }
        #expect(failed.isEmpty, Comment(rawValue: "\(failed.count) failed, \(passed) passed, \(remote) need the remote server:\n" + failed.joined(separator: "\n")))
    }
}
