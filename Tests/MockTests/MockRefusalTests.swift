import Foundation
import HTTPClient
@testable import Mock
import Testing
import TestSupport

/// The requests the HTTP core refuses before the mock reads them (a head over 64 KiB, a body over the
/// limit, a malformed header) are answered as the mock answers its own checks: with the operation's
/// declared answer for that status (here `default`, as Stripe declares it) and the problem in
/// `X-Mock-Problem`; read with the strict parser.
@Suite struct MockRefusalTests {
    static let description = """
        {"openapi": "3.0.3", "info": {"title": "Refusals", "version": "1"}, "servers": [{"url": "/refusals/v1"}],
         "paths": {
           "/charges": {"post": {"operationId": "createCharge",
             "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
             "responses": {
               "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
               "default": {"description": "an error", "content": {"application/json": {
                 "schema": {"type": "object", "required": ["error"], "properties": {"error": {"type": "object"}}},
                 "example": {"error": {"message": "declared"}}}}}}}},
           "/plain": {"get": {"operationId": "plain",
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """

    let scratch: ScratchDirectory
    let server: MockServer
    let port: UInt16

    init() throws {
        scratch = try ScratchDirectory()
        server = try MockServer.load(try scratch.write("refusals.json", Self.description), transport: CurlTransport()).server
        try server.start()
        port = try #require(UInt16(server.baseURL.split(separator: ":").last ?? ""))
    }

    private func refused(_ request: String) throws -> StrictHTTPReader.Answer {
        let answers = try StrictHTTPReader.answers(in: StrictHTTPReader.exchange(port: port, request))
        try #require(answers.count == 1, "one answer, got \(answers.count)")
        return answers[0]
    }

    private func expectDeclared(_ answer: StrictHTTPReader.Answer, status: Int) throws {
        #expect(answer.status == status)
        #expect(answer.header("Content-Type") == "application/json")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect((body["error"] as? [String: Any])?["message"] as? String == "declared")
        let problem = try #require(answer.header("X-Mock-Problem"))
        #expect(problem.contains("\"status\":\(status)"))
    }

    @Test func aHeadOver64KiBGetsTheDeclaredDefault() throws {
        let padding = String(repeating: "a", count: 70_000)
        let answer = try refused("POST /refusals/v1/charges HTTP/1.1\r\nHost: mock\r\nX-Padding: \(padding)\r\n\r\n")
        try expectDeclared(answer, status: 431)
    }

    @Test func aRequestLineOver64KiBGetsTheDeclaredDefault() throws {
        let query = String(repeating: "a", count: 70_000)
        let answer = try refused("POST /refusals/v1/charges?q=\(query) HTTP/1.1\r\nHost: mock\r\n\r\n")
        try expectDeclared(answer, status: 431)
    }

    @Test func aBodyOverTheLimitGetsTheDeclaredDefault() throws {
        let answer = try refused(
            "POST /refusals/v1/charges HTTP/1.1\r\nHost: mock\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n")
        try expectDeclared(answer, status: 413)
    }

    @Test func aMalformedHeaderGetsTheDeclaredDefault() throws {
        let answer = try refused("POST /refusals/v1/charges HTTP/1.1\r\nHost: mock\r\nno colon here\r\nContent-Length: 0\r\n\r\n")
        try expectDeclared(answer, status: 400)
    }

    @Test func anOperationThatDeclaresNoRefusalGetsTheMocksProblem() throws {
        let answer = try refused("GET /refusals/v1/plain HTTP/1.1\r\nHost: mock\r\nno colon here\r\n\r\n")
        #expect(answer.status == 400)
        #expect(answer.header("Content-Type") == "application/problem+json")
        #expect(answer.header("X-Mock-Problem") == nil)
    }

    @Test func aRequestNamingNoOperationGetsTheCoresAnswer() throws {
        let answer = try refused("GET /elsewhere HTTP/1.1\r\nHost: mock\r\nno colon here\r\n\r\n")
        #expect(answer.status == 400)
        #expect(answer.header("X-Mock-Problem") == nil)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("\"error\""))
    }
}
