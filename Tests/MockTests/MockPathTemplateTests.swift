import Foundation
import HTTPClient
import HTTPTypes
import JSON
@testable import Mock
import Testing
import TestSupport

/// The mock routes a segment with several parameters (`/compare/{base}...{head}`), as GitHub declares it.
@Suite struct MockPathTemplateTests {
    @Test func aSegmentWithTwoParametersIsRoutedAndChecked() throws {
        // GIVEN a description with GitHub's compare route, its parameters typed
        let document = """
        {"openapi": "3.0.3", "info": {"title": "Compare", "version": "1"},
         "paths": {"/repos/{owner}/{repo}/compare/{base}...{head}": {"get": {"operationId": "compare",
           "parameters": [{"name": "owner", "in": "path", "required": true, "schema": {"type": "string"}},
                          {"name": "repo", "in": "path", "required": true, "schema": {"type": "string"}},
                          {"name": "base", "in": "path", "required": true, "schema": {"type": "string", "maxLength": 4}},
                          {"name": "head", "in": "path", "required": true, "schema": {"type": "string"}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"example": {"status": "ahead"}}}}}}}}}
        """
        let scratch = try ScratchDirectory()
        let path = try scratch.write("compare.json", document)
        let transport = CurlTransport()
        let server = try MockServer.load(path, transport: transport).server
        try server.start()
        defer { server.stop() }
        // WHEN the route is asked for with `main...dev`
        let answer = try transport.send(HTTPRequest(method: .get, url: server.baseURL + "/compare/v1/repos/o/r/compare/main...dev"))
        // THEN it is the operation's answer; a base longer than its maxLength is refused as a path parameter
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(try JSONValue.parse(answer.body) == ["status": "ahead"])
        let refused = try transport.send(HTTPRequest(method: .get, url: server.baseURL + "/compare/v1/repos/o/r/compare/mainline...dev"))
        #expect(refused.status == 400, "\(String(decoding: refused.body, as: UTF8.self))")
        let missing = try transport.send(HTTPRequest(method: .get, url: server.baseURL + "/compare/v1/repos/o/r/compare/main"))
        #expect(missing.status == 404)
    }
}
