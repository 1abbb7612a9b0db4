import APIDescriptions
import DemoAPIs
@testable import Facade
import Foundation
import HTTPClient
import HTTPTypes
import JSON
@testable import Mock
import Loopback
import TestSupport

/// A mock of one locator or document and a facade whose entries point at it: `call` then reaches the
/// mock with apish's own request building and answer check.
final class MockHarness {
    let server: MockServer
    let facade: ServiceFacade
    let warnings: [String]

    /// `locator` is loaded by the facade; `mocked` (default the same) is what the mock serves.
    init(locator: String, mocked: String? = nil) throws {
        let transport = CurlTransport()
        let loaded = try MockServer.load(mocked ?? locator, transport: transport)
        server = loaded.server
        warnings = loaded.warnings
        try server.start()
        facade = ServiceFacade(transport: transport, catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locator)
        var urls: [ServiceKey: String] = [:]
        for entry in facade.workspace.locator?.entries ?? [] {
            if let version = server.versions.first(where: { $0.label == entry.key.description }) { urls[entry.key] = server.url(of: version) }
        }
        facade.workspace.pointEntries(urls)
        // A credential for every scheme the descriptions declare: the answers are what this test is about.
        facade.credentials.setCredential(BearerToken("mock-token"), for: .allServices)
        facade.credentials.setCredential(PasswordLogin(.basic, user: "mock", password: "mock"), for: .allServices)
        for version in server.versions {
            for scheme in version.spec.securitySchemes.values {
                guard case .apiKey(let name, let location) = scheme.kind else { continue }
                switch location {
                case .header: try facade.credentials.setHeader(name, "mock-key", scope: .allServices)
                case .query: facade.credentials.setCredential(APIKey(parameter: name, value: "mock-key"), for: .allServices)
                case .cookie: try facade.credentials.setHeader("Cookie", "\(name)=mock-key", scope: .allServices)
                }
            }
        }
    }

    deinit {
        server.stop()
    }

    /// A locator of one entry naming `document` (a URL or path), its `url` a port nothing listens on.
    static func locator(for document: String, name: String, in scratch: ScratchDirectory) throws -> String {
        let port = ClosedPort.make() ?? 9
        let locator: JSONValue = ["services": [["name": .string(name), "version": 1, "url": .string("http://127.0.0.1:\(port)/"),
                                                "openapi": .string(document)]]]
        return try scratch.write("\(name)-locator.json", locator.encoded())
    }

    /// The `call` arguments of a request `operation` accepts: every required and path parameter, and a
    /// required body's members as `name:=json`, each generated from its schema.
    static func arguments(for operation: OpenAPIOperation, in version: MockVersion) -> [String] {
        var generator = ValueGenerator(document: version.document, seed: "request \(operation.signature)", forRequest: true)
        var arguments: [String] = []
        for parameter in operation.parameters where parameter.required || parameter.location == .path {
            let value = parameter.schema.map { generator.value(for: $0) } ?? .string("1")
            let text: String = if case .string(let string) = value { string } else { value.encoded() }
            arguments.append("\(parameter.name)=\(text)")
        }
        if let body = operation.requestBody, body.required, let schema = body.schema,
           case .object(let members) = generator.value(for: schema) {
            for (name, member) in members { arguments.append("\(name):=\(member.encoded())") }
        }
        return arguments
    }

    /// A required body that is not an object, which `call`'s items cannot write.
    static func nonObjectBody(for operation: OpenAPIOperation, in version: MockVersion) -> JSONValue? {
        guard let body = operation.requestBody, body.required, let schema = body.schema else { return nil }
        var generator = ValueGenerator(document: version.document, seed: "request \(operation.signature)", forRequest: true)
        let value = generator.value(for: schema)
        if case .object = value { return nil }
        return value
    }

    /// A status to ask for by `Prefer: code=N` for a declared response key (`404`, `4XX`, `default`).
    static func status(for key: String, declared: [String]) -> Int? {
        if let status = Int(key) { return status }
        if key.count == 3, key.uppercased().hasSuffix("XX"), let first = Int(key.prefix(1)) { return first * 100 + 99 }
        if key.lowercased() == "default" {
            return [500, 503, 599, 418].first { !declared.contains(String($0)) }
        }
        return nil
    }
}
