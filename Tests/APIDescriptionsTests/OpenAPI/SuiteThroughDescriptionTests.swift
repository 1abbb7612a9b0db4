import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes
import TestSupport
import class DemoServer.DemoServer
import struct DemoServer.DemoServerConfiguration
@testable import APIDescriptions

/// The JSON Schema Test Suite's draft 2020-12 tests through OpenAPI 3.1 descriptions: each group's schema
/// under `components/schemas` (with an `$id` of its own when it has none, as a schema file has its address),
/// each test a request body checked as `call` checks it. The description is a local document, so its
/// `$ref`s may name `http://` documents: the suite's remote documents come over libcurl from its remote
/// server on loopback (`SuiteRemoteServer`); the metaschemas, which the suite does not serve, from the
/// fixtures.
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

    /// The suite's remote server, started once for every file's test.
    static let remotes = Result { try SuiteRemoteServer(remotes: root.appendingPathComponent("remotes")) }

    /// What a suite URL names: a remote document from the loopback server, a metaschema from the fixtures.
    static func fetch(_ address: String, from remotes: SuiteRemoteServer) throws(DocumentBundleError) -> Data {
        if address.hasPrefix(remotes.origin) {
            let response: HTTPResponse
            do {
                response = try CurlTransport().send(HTTPRequest(method: .get, url: address))
            } catch {
                throw .unreachable(address: address, reason: error.description)
            }
            guard response.status == 200 else { throw .unreachable(address: address, reason: "HTTP \(response.status)") }
            return response.body
        }
        let local: URL
        if address.hasPrefix("https://json-schema.org/draft/2020-12/") {
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
        let remotes = try Self.remotes.get()
        guard case .array(let groups) = try JSONValue.parse(data) else { return }
        var failed: [String] = []
        var passed = 0
        for (index, group) in groups.enumerated() {
            let groupName = group["description"]?.stringValue ?? "?"
            guard var schema = try group["schema"].map(remotes.naming), case .array(let tests)? = group["tests"] else { continue }
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
                let bundled = try DocumentBundle.bundle(description, source: "/suite/\(file)") { address throws(DocumentBundleError) in
                    try Self.fetch(address, from: remotes)
                }
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
        #expect(failed.isEmpty, Comment(rawValue: "\(failed.count) failed, \(passed) passed:\n" + failed.joined(separator: "\n")))
    }
}

/// The suite's remote server (`http://localhost:1234/`, its `remotes/` folder) on a loopback port: the
/// demo's HTTP core serving a copy of `remotes/` in which the suite's origin is written as the server's
/// own, as the schemas that name them are (`naming`).
final class SuiteRemoteServer: Sendable {
    static let suiteOrigin = "http://localhost:1234/"
    private let scratch: ScratchDirectory
    private let server: DemoServer
    /// `http://127.0.0.1:PORT/`.
    let origin: String

    init(remotes: URL) throws {
        scratch = try ScratchDirectory()
        server = DemoServer(configuration: DemoServerConfiguration(root: scratch.path))
        try server.start()
        origin = server.baseURL + "/"
        let files = FileManager.default.enumerator(atPath: remotes.path)?.compactMap { $0 as? String } ?? []
        for name in files where name.hasSuffix(".json") {
            let text = try String(contentsOf: remotes.appendingPathComponent(name), encoding: .utf8)
            let copy = URL(fileURLWithPath: scratch.path).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.replacingOccurrences(of: Self.suiteOrigin, with: origin).utf8).write(to: copy)
        }
    }

    deinit {
        server.stop()
    }

    /// A schema with the suite's origin written as this server's.
    func naming(_ schema: JSONValue) throws -> JSONValue {
        try JSONValue.parse(schema.encoded().replacingOccurrences(of: Self.suiteOrigin, with: origin))
    }
}
