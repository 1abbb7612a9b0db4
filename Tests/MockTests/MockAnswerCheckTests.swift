import APIDescriptions
@testable import Facade
import HTTPClient
import HTTPTypes
import Foundation
import JSON
@testable import Mock
import Testing
import TestSupport

/// Every answer the mock makes passes apish's own answer check (`call`'s, `OpenAPIResponseCheck`) for its
/// operation and status: each declared status of each operation of the demo's descriptions, and of a
/// real published OpenAPI 3.1 description (Fixtures/tictactoe.json), asked for with `Prefer: code=N`.
@Suite(.serialized) struct MockAnswerCheckTests {
    static let tictactoe = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tictactoe.json").path

    /// Calls every operation at every declared status; returns how many calls were made.
    private func callEverything(_ harness: MockHarness) throws -> Int {
        var calls = 0
        for version in harness.server.versions {
            try harness.facade.workspace.use(version.service, version: version.version)
            for operation in version.spec.operations {
                let declared = operation.responses.map(\.status)
                for key in declared {
                    guard let status = MockHarness.status(for: key, declared: declared) else { continue }
                    let where_ = "\(version.label) \(operation.displayName) \(status)"
                    calls += 1
                    if let body = MockHarness.nonObjectBody(for: operation, in: version) {
                        try checkDirectly(operation, body: body, status: status, version: version, harness: harness, where_)
                        continue
                    }
                    let arguments = MockHarness.arguments(for: operation, in: version) + ["Prefer:code=\(status)"]
                    let exchange = try harness.facade.descriptions.call(operation.displayName, arguments: arguments, service: version.service)
                    #expect(exchange.status == status, "\(where_): \(exchange.outcome)")
                    if (200..<300).contains(status) {
                        #expect(exchange.outcome.isSuccess, "\(where_): \(exchange.outcome)")
                    }
                    let mismatches = exchange.warnings.filter { $0.contains("does not match") || $0.contains("does not declare") }
                    #expect(mismatches.isEmpty, "\(where_): \(mismatches)")
                }
            }
        }
        return calls
    }

    /// A body `call`'s items cannot write (a bare string, an array) is sent as JSON by hand, and the answer
    /// put through the same check `call` puts it through.
    private func checkDirectly(
        _ operation: OpenAPIOperation, body: JSONValue, status: Int, version: MockVersion, harness: MockHarness, _ where_: String
    ) throws {
        let built = try OpenAPICall.build(
            operation, baseURL: harness.server.url(of: version), arguments: MockHarness.arguments(for: operation, in: version), checked: false)
        var headers: HTTPHeaders = ["Prefer": "code=\(status)", "Content-Type": "application/json", "Authorization": "Bearer mock-token"]
        for scheme in version.spec.securitySchemes.values {
            if case .apiKey(let name, .header) = scheme.kind { headers[name] = "mock-key" }
        }
        for field in built.headers { headers[field.name] = field.value }
        let request = HTTPRequest(method: operation.method, url: built.url, query: built.query, headers: headers, body: .json(body.encodedData()))
        let response = try CurlTransport().send(request)
        #expect(response.status == status, "\(where_): \(String(decoding: response.body, as: UTF8.self))")
        let check = OpenAPIResponseCheck(document: version.spec, operation: operation, service: version.label)
        if (200..<300).contains(status) {
            #expect(throws: Never.self, "\(where_)") { _ = try check.model(Answer(response)) }
        }
        #expect(check.warnings(Answer(response)).isEmpty, "\(where_): \(check.warnings(Answer(response)))")
    }

    @Test func aRefusalTheOperationDeclaresIsAnsweredWithItsDeclaredBody() throws {
        let demo = try LiveDemoServer()
        let scratch = try ScratchDirectory()
        let harness = try MockHarness(locator: MockHarness.locator(for: demo.url("/specs/vault.json"), name: "vault", in: scratch))
        harness.facade.credentials.clearCredentials(nil)
        // GIVEN an operation that needs a credential and declares its 401
        let exchange = try harness.facade.descriptions.call("getReport", arguments: [], service: "vault")
        #expect(exchange.status == 401)
        let problem = try JSONValue.parse(Data((exchange.response?.headers["X-Mock-Problem"] ?? "").utf8))
        #expect(problem["detail"] == "getReport needs apiKeyQuery (apiKey in query)")
        #expect(problem["status"] == 401)
        // THEN the body is the declared `default` error's, which the answer check accepts
        #expect(exchange.warnings.filter { $0.contains("does not match") || $0.contains("does not declare") }.isEmpty, "\(exchange.warnings)")
    }

    @Test func everyAnswerOfThePetstoreVersionsPassesTheAnswerCheck() throws {
        let demo = try LiveDemoServer()
        let harness = try MockHarness(locator: demo.url("/services-openapi.json"))
        #expect(harness.server.versions.map(\.label) == ["petstore v1", "petstore v2", "petstore v3"])
        #expect(try callEverything(harness) >= 15)
    }

    @Test(arguments: ["/specs/vault.json", "/descriptions/pets-multi/openapi.yaml", "/descriptions/swagger-pets/swagger.yaml"])
    func everyAnswerOfADemoDescriptionPassesTheAnswerCheck(_ path: String) throws {
        let demo = try LiveDemoServer()
        let scratch = try ScratchDirectory()
        let locator = try MockHarness.locator(for: demo.url(path), name: "described", in: scratch)
        let harness = try MockHarness(locator: locator)
        #expect(harness.warnings.isEmpty)
        #expect(try callEverything(harness) >= 3)
    }

    @Test func everyAnswerOfAPublished31DescriptionPassesTheAnswerCheck() throws {
        let scratch = try ScratchDirectory()
        let locator = try MockHarness.locator(for: Self.tictactoe, name: "tictactoe", in: scratch)
        let harness = try MockHarness(locator: locator)
        #expect(harness.server.versions.first?.spec.openAPIVersion == "3.1.0")
        #expect(try callEverything(harness) >= 5)
    }

    @Test func aDocumentWithoutServersIsMockedAsItsOneVersion() throws {
        let loaded = try MockServer.load(Self.tictactoe, transport: CurlTransport())
        #expect(loaded.server.versions.map(\.label) == ["tic-tac-toe v1.0.0"])
        #expect(loaded.server.versions.map(\.basePath) == ["/tic-tac-toe/v1.0.0"])
    }
}
