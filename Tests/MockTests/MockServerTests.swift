import Declarations
import Facade
import Foundation
import HTTPClient
import HTTPTypes
import JSON
@testable import Mock
import Testing
import TestSupport

/// The mock over HTTP: requests checked as `call` checks them (400, 422, 401 as problem+json), `Prefer`
/// as Prism reads it, declared headers and deprecation headers, routing, and the same answer every time.
@Suite(.serialized) struct MockServerTests {
    static let document = """
    {"openapi": "3.0.3", "info": {"title": "Zoo", "version": "2.0.0"},
     "paths": {
      "/animals/{id}": {"get": {"operationId": "getAnimal", "deprecated": true,
        "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                       {"name": "kind", "in": "query", "schema": {"type": "string", "enum": ["cat", "dog"]}}],
        "responses": {
          "200": {"description": "an animal", "headers": {
              "X-Rate-Limit": {"schema": {"type": "integer", "minimum": 10}},
              "X-Trace": {"example": "abc-123", "schema": {"type": "string"}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Animal"},
              "examples": {"cat": {"value": {"id": 1, "name": "Tom"}}, "dog": {"value": {"id": 2, "name": "Rex"}}}}}},
          "404": {"description": "none", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}}}},
      "/animals": {"post": {"operationId": "addAnimal", "security": [{"key": []}],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Animal"}}}},
        "responses": {"201": {"description": "added", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Animal"}}}}}}}
     },
     "components": {
      "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"}},
      "schemas": {
        "Animal": {"type": "object", "required": ["id", "name"], "additionalProperties": false,
                   "properties": {"id": {"type": "integer", "minimum": 1}, "name": {"type": "string", "minLength": 2}}},
        "Problem": {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}}}}}}
    """

    let scratch: ScratchDirectory
    let server: MockServer
    let transport = CurlTransport()

    init() throws {
        scratch = try ScratchDirectory()
        let document = try scratch.write("zoo.json", Self.document)
        let locator: JSONValue = ["services": [["name": "zoo", "version": 2, "url": "http://127.0.0.1:9/", "openapi": .string(document),
                                                "deprecated": true, "sunset": "2027-06-30"]]]
        let path = try scratch.write("services.json", locator.encoded())
        server = try MockServer.load(path, transport: transport).server
        try server.start()
    }

    private func send(_ path: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: String? = nil) throws -> HTTPResponse {
        var request = HTTPRequest(method: method, url: server.baseURL + path, headers: headers)
        if let body {
            request.body = .json(Data(body.utf8))
            request.headers["Content-Type"] = "application/json"
        }
        return try transport.send(request)
    }

    private func problem(_ response: HTTPResponse) throws -> JSONValue {
        #expect(response.headers["Content-Type"] == "application/problem+json")
        return try JSONValue.parse(response.body)
    }

    @Test func eachVersionIsServedUnderItsOwnBasePath() throws {
        #expect(server.versions.map(\.basePath) == ["/zoo/v2"])
        let index = try JSONValue.parse(send("/").body)
        #expect(index["versions"]?[0]?["url"]?.stringValue == server.baseURL + "/zoo/v2")
        #expect(try send("/zoo/v1/animals/1").status == 404)
        let wrongMethod = try send("/zoo/v2/animals/1", method: .delete)
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == "GET")
    }

    @Test func theFirstNamedExampleAnswersAndPreferPicksAnother() throws {
        let first = try send("/zoo/v2/animals/5")
        #expect(first.status == 200)
        #expect(try JSONValue.parse(first.body) == ["id": 1, "name": "Tom"])
        let dog = try send("/zoo/v2/animals/5", headers: ["Prefer": "example=dog"])
        #expect(try JSONValue.parse(dog.body) == ["id": 2, "name": "Rex"])
        let missing = try send("/zoo/v2/animals/5", headers: ["Prefer": "example=cow"])
        #expect(missing.status == 404)
        #expect(try problem(missing)["detail"]?.stringValue?.contains("it has cat, dog") == true)
    }

    @Test func preferPicksADeclaredStatusAndDynamicDrawsFromTheSchema() throws {
        let notFound = try send("/zoo/v2/animals/5", headers: ["Prefer": "code=404"])
        #expect(notFound.status == 404)
        #expect(try JSONValue.parse(notFound.body)["message"]?.stringValue != nil)
        let undeclared = try send("/zoo/v2/animals/5", headers: ["Prefer": "code=500"])
        #expect(undeclared.status == 404)
        #expect(try problem(undeclared)["detail"]?.stringValue?.contains("declares no 500 answer (it declares 200, 404)") == true)
        let drawn = try JSONValue.parse(send("/zoo/v2/animals/5", headers: ["Prefer": "dynamic=true"]).body)
        #expect(drawn != ["id": 1, "name": "Tom"])
        #expect((drawn["id"]?.intValue ?? 0) >= 1 && (drawn["name"]?.stringValue?.count ?? 0) >= 2)
    }

    @Test func declaredAndDeprecationHeadersAreSent() throws {
        let response = try send("/zoo/v2/animals/5")
        #expect(response.headers["X-Trace"] == "abc-123")
        #expect((Int(response.headers["X-Rate-Limit"] ?? "") ?? 0) >= 10)
        #expect(response.headers["Deprecation"] == "true")
        #expect(response.headers["Sunset"] == "Wed, 30 Jun 2027 00:00:00 GMT")
        #expect(Deprecation.serverNote(response.headers) == "deprecated, sunset 2027-06-30")
    }

    @Test func aParameterThatFailsCallsCheckIsA400NamingIt() throws {
        let badPath = try send("/zoo/v2/animals/abc")
        #expect(badPath.status == 400)
        let body = try problem(badPath)
        #expect(body["field"] == "id")
        #expect(body["location"] == "path")
        #expect(body["expected"] == "an integer")
        #expect(body["found"] == "\"abc\"")
        let badEnum = try problem(send("/zoo/v2/animals/1?kind=cow"))
        #expect(badEnum["status"] == 400)
        #expect(badEnum["field"] == "kind")
        #expect(badEnum["allowed"] == ["cat", "dog"])
    }

    @Test func aBodyThatFailsCallsCheckIsA422AndAMissingKeyA401() throws {
        let key: HTTPHeaders = ["X-Api-Key": "k"]
        let noKey = try send("/zoo/v2/animals", method: .post, body: #"{"id": 3, "name": "Kit"}"#)
        #expect(noKey.status == 401)
        #expect(try problem(noKey)["detail"]?.stringValue == "addAnimal needs key (apiKey in header)")
        let missing = try send("/zoo/v2/animals", method: .post, headers: key, body: #"{"id": 3}"#)
        #expect(missing.status == 422)
        #expect(try problem(missing)["field"] == "name")
        let wrongType = try problem(send("/zoo/v2/animals", method: .post, headers: key, body: #"{"id": "three", "name": "Kit"}"#))
        #expect(wrongType["status"] == 422)
        #expect(wrongType["field"] == "id")
        #expect(wrongType["found"]?.stringValue?.contains("three") == true)
        let unknown = try problem(send("/zoo/v2/animals", method: .post, headers: key, body: #"{"id": 3, "name": "Kit", "age": 2}"#))
        #expect(unknown["field"] == "age")
        let malformed = try send("/zoo/v2/animals", method: .post, headers: key, body: "{")
        #expect(malformed.status == 400)
        let created = try send("/zoo/v2/animals", method: .post, headers: key, body: #"{"id": 3, "name": "Kit"}"#)
        #expect(created.status == 201)
    }

    @Test func theSameRequestGetsTheSameBytesFromAnotherMock() throws {
        let other = try MockServer.load(scratch.path + "/services.json", transport: transport).server
        try other.start()
        defer { other.stop() }
        let path = "/zoo/v2/animals"
        let key: HTTPHeaders = ["X-Api-Key": "k"]
        let body = #"{"id": 3, "name": "Kit"}"#
        let here = try send(path, method: .post, headers: key, body: body).body
        var request = HTTPRequest(method: .post, url: other.baseURL + path, headers: key, body: .json(Data(body.utf8)))
        request.headers["Content-Type"] = "application/json"
        #expect(try transport.send(request).body == here)
        #expect(try send(path, method: .post, headers: key, body: body).body == here)
    }

    @Test func theHTTPCoreRefusesWhatTheDemoServerRefuses() throws {
        let huge = try send("/zoo/v2/animals/1", headers: ["X-Big": String(repeating: "a", count: 70_000)])
        #expect(huge.status == 431)
    }
}

@Suite struct MockOptionsTests {
    @Test func optionsAreParsed() throws {
        let options = try MockOptions(["api.yaml", "--port=0", "--host", "::1"])
        #expect(options.location == "api.yaml" && options.port == 0 && options.host == "::1")
        #expect(try MockOptions(["x.json"]).port == 4010)
        #expect(throws: DeclarationError(.missingArgument(placeholder: "LOCATOR|DOCUMENT",
                                                          help: "the locator or OpenAPI document to mock (a URL or a path)"),
                                         invocation: "apish mock")) { try MockOptions([]) }
        #expect(throws: DeclarationError(.invalidValue(option: "--port", value: "http", expected: "a number from 0 to 65535"),
                                         invocation: "apish mock")) { try MockOptions(["x", "--port", "http"]) }
        #expect(throws: DeclarationError(.unexpectedArgument("y"), invocation: "apish mock")) { try MockOptions(["x", "y"]) }
        #expect(try MockOptions(["--help"]).showHelp)
    }
}

/// A schema that asks for more than a mock should make still answers, small.
@Suite struct HostileSchemaTests {
    static let document = """
    {"openapi": "3.1.0", "info": {"title": "Hostile", "version": "1"}, "paths": {"/h": {"get": {"responses": {"200": {
      "description": "too much", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}}},
     "components": {"schemas": {
      "Node": {"type": "object", "required": ["left", "right", "many", "wide", "long", "code"], "properties": {
        "left": {"$ref": "#/components/schemas/Node"}, "right": {"$ref": "#/components/schemas/Node"},
        "many": {"type": "array", "minItems": 1000000000, "items": {"type": "string"}},
        "wide": {"type": "object", "minProperties": 1000000000},
        "long": {"type": "string", "minLength": 1000000000},
        "code": {"type": "string", "pattern": "((a{256}){256}){256}"},
        "either": {"oneOf": [{"$ref": "#/components/schemas/Node"}, {"$ref": "#/components/schemas/Node"}, {"$ref": "#/components/schemas/Node"}]}}}}}}
    """

    @Test func aSchemaThatAsksTooMuchAnswersSmall() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write("hostile.json", Self.document)
        let version = try #require(MockServer.load(path, transport: CurlTransport()).server.versions.first)
        let schema = try #require(version.spec.operations.first?.responses.first?.schema)
        var generator = ValueGenerator(document: version.document, seed: "hostile")
        let value = generator.value(for: schema)
        #expect(value.encoded().utf8.count < 64 << 20)
        // THEN no array or object holds more than the generator's size limit, however many the schema asks for
        func largest(_ value: JSONValue) -> Int {
            switch value {
            case .array(let elements): max(elements.count, elements.map(largest).max() ?? 0)
            case .object(let members): max(members.count, members.values.map(largest).max() ?? 0)
            default: 0
            }
        }
        #expect(largest(value) == ValueGenerator.sizeLimit)
    }
}
