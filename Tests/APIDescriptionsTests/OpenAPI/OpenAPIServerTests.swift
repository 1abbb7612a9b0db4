import Foundation
import Testing
import JSON
import APIDescriptions

extension OpenAPITests {
    @Suite struct Servers {
        static let spec = """
        openapi: 3.0.3
        info: {title: Servers, version: '1'}
        servers:
          - url: '{base}/v1'
            variables:
              base: {default: 'https://{host}'}
              host: {default: api.example.com, enum: [api.example.com, eu.example.com]}
        paths:
          /a:
            servers: [{url: 'https://path.example.com'}]
            get:
              responses: {'200': {description: ok}}
            post:
              servers: [{url: /relative}]
              responses: {'200': {description: ok}}
          /b:
            get:
              responses: {'200': {description: ok}}
        """

        @Test func nestedVariablesLeaveNoLiteralName() throws {
            let document = try OpenAPIDocument.parse(Data(Self.spec.utf8), source: "https://docs.example.com/spec.yaml")
            #expect(document.serverURL == "https://api.example.com/v1")
            let server = try #require(document.servers.first)
            #expect(server.url(["host": "eu.example.com"]) == "https://eu.example.com/v1")
            #expect(server.problem(setting: "host", to: "x.example.com") == "host must be one of api.example.com, eu.example.com")
            #expect(server.problem(setting: "nope", to: "x")?.hasPrefix("the server {base}/v1 has no variable nope") == true)
        }

        @Test func pathAndOperationServersOverrideTheDocuments() throws {
            let document = try OpenAPIDocument.parse(Data(Self.spec.utf8), source: "https://docs.example.com/spec.yaml")
            #expect(document.operation(named: "GET /a")?.servers.first?.url() == "https://path.example.com")
            // relative to the document
            #expect(document.operation(named: "POST /a")?.servers.first?.url() == "https://docs.example.com/relative")
            #expect(document.operation(named: "GET /b")?.servers.isEmpty == true)
        }
    }
}
