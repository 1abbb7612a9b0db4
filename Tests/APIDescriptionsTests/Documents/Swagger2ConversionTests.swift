import Foundation
import Testing
import JSON
import Schemas
@testable import APIDescriptions
@testable import DemoServer

/// The demo's Swagger 2.0 document converts to the OpenAPI 3 document written for it by hand.
@Suite struct Swagger2ConversionTests {
    static let source = "http://127.0.0.1:8080/descriptions/swagger-pets/swagger.yaml"

    /// `DescriptionFixtures.swagger`, converted by hand.
    static let twin = #"""
    {
      "openapi": "3.0.3",
      "info": {"title": "Swagger pets", "version": "1.0.0"},
      "servers": [{"url": "/petstore/v1"}],
      "paths": {
        "/pets": {
          "get": {
            "operationId": "listPets",
            "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "format": "int32"}}],
            "responses": {
              "200": {
                "description": "The pets",
                "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}
              }
            }
          },
          "post": {
            "operationId": "createPets",
            "requestBody": {
              "required": true,
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}
            },
            "responses": {
              "201": {
                "description": "Created",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}
              }
            }
          }
        },
        "/pets/{petId}": {
          "get": {
            "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}}],
            "responses": {
              "200": {
                "description": "One pet",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}
              }
            }
          }
        }
      },
      "components": {
        "schemas": {
          "Pet": {
            "type": "object", "required": ["id", "name"],
            "properties": {"id": {"type": "integer", "format": "int64"}, "name": {"type": "string"}, "tag": {"type": "string"}}
          },
          "NewPet": {
            "type": "object", "required": ["name"],
            "properties": {"name": {"type": "string"}, "tag": {"type": "string"}}
          }
        },
        "securitySchemes": {"basicAuth": {"type": "http", "scheme": "basic"}}
      }
    }
    """#

    @Test func convertsToTheHandWrittenTwin() throws {
        let swagger = try APIDocumentText.parse(Data(DescriptionFixtures.swagger.utf8))
        let converted = Swagger2Conversion.convert(swagger, source: Self.source)
        let twin = try JSONValue.parse(Self.twin)
        #expect(converted == twin, "\(converted)")
    }

    @Test func readsAsTheTwinReads() throws {
        let swagger = try OpenAPIDocument.parse(Data(DescriptionFixtures.swagger.utf8), source: Self.source)
        let twin = try OpenAPIDocument.parse(Data(Self.twin.utf8), source: Self.source)
        #expect(swagger.serverURL == "http://127.0.0.1:8080/petstore/v1")
        #expect(swagger.serverURL == twin.serverURL)
        #expect(swagger.operations.map(\.displayName) == ["listPets", "createPets", "GET /pets/{petId}"])
        #expect(swagger.operations.map(\.displayName) == twin.operations.map(\.displayName))
        let create = try #require(swagger.operation(named: "createPets"))
        #expect(create.requestBody?.required == true)
        #expect(create.requestBody?.contentTypes == ["application/json"])
        #expect(create.requestBody?.schema?.name == "NewPet")
        #expect(swagger.operation(named: "listPets")?.parameters.first?.typeDescription == "integer (int32)")
    }

    @Test func hostSchemesFormDataAndSecurityDefinitions() throws {
        // GIVEN host + basePath + schemes, a form with a file, urlencoded consumes, and every security shape
        let document = try APIDocumentText.parse(Data("""
        swagger: '2.0'
        info: {title: Forms, version: '1'}
        host: api.example.com
        basePath: /v2
        schemes: [https, http]
        consumes: [application/x-www-form-urlencoded]
        parameters:
          Page: {name: page, in: query, type: integer, minimum: 1}
        responses:
          NotFound: {description: Missing}
        securityDefinitions:
          key: {type: apiKey, name: X-Api-Key, in: header}
          oauth: {type: oauth2, flow: accessCode, authorizationUrl: 'https://a/auth', tokenUrl: 'https://a/token', scopes: {read: Read}}
          app: {type: oauth2, flow: application, tokenUrl: 'https://a/token', scopes: {}}
        paths:
          /messages:
            parameters:
              - $ref: '#/parameters/Page'
            post:
              parameters:
                - {name: To, in: formData, type: string, required: true}
                - {name: Body, in: formData, type: string}
              responses:
                404: {$ref: '#/responses/NotFound'}
          /upload:
            post:
              consumes: [multipart/form-data]
              parameters:
                - {name: file, in: formData, type: file}
              responses:
                200: {description: ok}
        """.utf8))
        let converted = Swagger2Conversion.convert(document, source: "")
        #expect(converted["servers"] == [["url": "https://api.example.com/v2"], ["url": "http://api.example.com/v2"]])
        #expect(converted["components"]?["parameters"]?["Page"] == ["name": "page", "in": "query", "schema": ["type": "integer", "minimum": 1]])
        #expect(converted["components"]?["responses"]?["NotFound"] == ["description": "Missing"])
        #expect(converted["components"]?["securitySchemes"] == [
            "key": ["type": "apiKey", "name": "X-Api-Key", "in": "header"],
            "oauth": ["type": "oauth2", "flows": ["authorizationCode": [
                "authorizationUrl": "https://a/auth", "tokenUrl": "https://a/token", "scopes": ["read": "Read"]]]],
            "app": ["type": "oauth2", "flows": ["clientCredentials": ["tokenUrl": "https://a/token", "scopes": [:]]]],
        ])
        let messages = converted["paths"]?["/messages"]
        #expect(messages?["parameters"] == [["$ref": "#/components/parameters/Page"]])
        #expect(messages?["post"]?["requestBody"] == [
            "required": true,
            "content": ["application/x-www-form-urlencoded": ["schema": [
                "type": "object", "properties": ["To": ["type": "string"], "Body": ["type": "string"]], "required": ["To"]]]],
        ])
        #expect(messages?["post"]?["responses"]?["404"] == ["$ref": "#/components/responses/NotFound"])
        #expect(converted["paths"]?["/upload"]?["post"]?["requestBody"]?["content"] == [
            "multipart/form-data": ["schema": ["type": "object", "properties": ["file": ["type": "string", "format": "binary"]]]],
        ])
        // AND the reader takes it: the form body is known, the shared parameter merged
        let spec = try OpenAPIDocument.parse(converted, source: "")
        let post = try #require(spec.operation(named: "POST /messages"))
        #expect(post.parameters.map(\.name) == ["page"])
        #expect(post.requestBody?.contentTypes == ["application/x-www-form-urlencoded"])
    }
}
