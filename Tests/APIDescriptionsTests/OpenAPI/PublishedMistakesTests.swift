import Foundation
import Testing
import JSON
import Schemas
@testable import APIDescriptions

/// Published descriptions with the mistakes peers read past: each mistake is one warning naming its
/// place, and the rest of the document works.
@Suite struct PublishedMistakesTests {
    private func read(_ text: String) throws -> OpenAPIDocument {
        try OpenAPIDocument.parse(Data(text.utf8), source: "https://api.example.com/openapi.yaml")
    }

    /// httpbin's own description, as flasgger publishes it from the docstrings of
    /// github.com/postmanlabs/httpbin httpbin/core.py (commit f8ec666b4d1b654e4ff6aedd356f510dcac09f83, ISC
    /// licence): `redirect_n_times` declares its path parameter `type: int`. Cut to two operations.
    static let httpbin = """
    {"swagger": "2.0", "info": {"title": "httpbin.org", "version": "0.9.2"}, "host": "httpbin.org", "schemes": ["https"],
     "paths": {
      "/redirect/{n}": {"get": {"tags": ["Redirects"], "summary": "302 Redirects n times.",
        "parameters": [{"in": "path", "name": "n", "type": "int"}], "produces": ["text/html"],
        "responses": {"302": {"description": "A redirection."}}}},
      "/get": {"get": {"tags": ["HTTP Methods"], "summary": "The request's query parameters.", "produces": ["application/json"],
        "responses": {"200": {"description": "The request's query parameters."}}}}}}
    """

    /// The look that lets a document without mistakes skip the walk: false for one that only looks like it
    /// might hold some (`content: null` in an example, as GitHub's has, or in an extension; a lone `$ref` where
    /// a schema belongs; a property named `parameters` that is a `$ref`, as Stripe's are), true for
    /// each kind of mistake, however deep, and never false where the walk repairs something.
    @Test func theLookBeforeTheWalkMissesNoMistake() throws {
        func tree(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }
        let clean = try tree(#"""
        {"openapi": "3.0.3", "paths": {"/a": {"get": {"parameters": [{"name": "q", "in": "query", "schema": {"type": "string"},
          "example": null}], "responses": {"200": {"description": "ok", "content": {"application/json": {
          "schema": {"$ref": "#/components/schemas/A"}, "example": {"content": null, "email": null}}}}}}}},
         "x-sample": {"content": null, "type": "int"},
         "components": {"schemas": {"A": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/A"},
           "parameters": {"$ref": "#/components/schemas/A"}}}}}}
        """#)
        #expect(try !PublishedMistakes.mayHoldMistakes(clean, cancellation: nil))
        #expect(try PublishedMistakes.repair(clean).1.isEmpty)
        let mistaken = [
            #"{"paths": {"/a": {"get": {"parameters": [{"name": "n", "in": "path", "type": "int"}]}}}}"#,
            #"{"paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": null}}}}}}"#,
            #"{"paths": {"/a": {"get": {"responses": null}}}}"#,
            ##"{"components": {"schemas": {"A": {"type": "object", "properties": {"$ref": "#/components/schemas/B"}},"##
                + #""B": {"x": {"type": "string"}}}}}"#,
            #"{"x": [[{"a": {"schema": {"type": "long"}}}]]}"#,
        ]
        for text in mistaken {
            let value = try tree(text)
            #expect(try !PublishedMistakes.repair(value).1.isEmpty, "\(text)")
            #expect(try PublishedMistakes.mayHoldMistakes(value, cancellation: nil), "\(text)")
        }
    }

    @Test func httpbinsIntParameterIsAnIntegerWithOneWarning() throws {
        let document = try read(Self.httpbin)
        #expect(document.operations.map(\.displayName) == ["GET /redirect/{n}", "GET /get"])
        let n = try #require(document.operations.first?.parameters.first)
        #expect(n.name == "n")
        #expect(n.schema?.types == ["integer"])
        #expect(document.warnings == [#"#/paths/~1redirect~1{n}/get/parameters/0/type: type "int" is not a JSON Schema type; read as "integer""#])
    }

    @Test func everyLanguagesTypeNameIsTheJSONSchemaTypeItMeans() throws {
        let names = ["int": "integer", "integer32": "integer", "long": "integer", "float": "number", "double": "number",
                     "bool": "boolean", "str": "string"]
        var properties = ""
        for name in names.keys.sorted() { properties += String(repeating: " ", count: 24) + "p_\(name): {type: \(name), example: {type: \(name)}}\n" }
        let document = try read("""
        openapi: 3.0.3
        info: {title: Types, version: '1'}
        paths:
          /t:
            post:
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
        \(properties)
              responses: {'200': {description: ok}}
        """)
        let body = try #require(document.operations.first?.requestBody?.schema)
        for property in body.properties {
            let name = String(property.name.dropFirst(2))
            #expect(property.schema.types == [try #require(names[name])], "\(property.name)")
        }
        // one warning per mistake: the examples are data and left alone
        #expect(document.warnings.count == names.count, "\(document.warnings)")
    }

    @Test func aTypeNoJSONSchemaTypeNamesIsKeptAndNoValueIsOfIt() throws {
        // GIVEN a property whose type is no JSON Schema type nor a language's name for one (openapi-diff's tests have it)
        let document = try read("""
        openapi: 3.0.3
        info: {title: Count, version: '1'}
        paths:
          /r:
            post:
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {id: {type: string}, details: {type: count}}}
              responses: {'200': {description: ok}}
        """)
        // THEN the document loads with one warning, the type is kept as written, and no value passes it
        #expect(document.warnings == [#"#/paths/~1r/post/requestBody/content/application~1json/schema/properties/details/type: type "count" is not a JSON Schema type; no value is of it"#])
        let body = try #require(document.operations.first?.requestBody?.schema)
        #expect(body.properties.first { $0.name == "details" }?.schema.types == ["count"])
        #expect(body.validate(["id": "a"]).isEmpty)
        #expect(!body.validate(["id": "a", "details": 3]).isEmpty)
    }

    @Test func aBrokenSchemaOfAMediaTypeOnlyADiffReadsIsLeftOutAndForgotten() throws {
        // GIVEN an answer whose application/xml schema is broken, and a later operation whose JSON answer is that schema
        let document = try read("""
        openapi: 3.0.3
        info: {title: Broken, version: '1'}
        paths:
          /a:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json: {schema: {type: string}}
                    application/xml: {schema: {$ref: '#/components/schemas/Broken'}}
          /b:
            get:
              responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Broken'}}}}}
        components:
          schemas:
            Broken: {type: object, properties: {n: 3}}
        """)
        // THEN GET /a is whole, without the xml schema, and GET /b is left out as it is on its own: the failed
        // read was forgotten, not kept half-read for the next one to find
        #expect(document.operations.map(\.displayName) == ["GET /a"])
        #expect(document.operations.first?.responses.first?.schema?.types == ["string"])
        #expect(document.operations.first?.responses.first?.otherSchemas.schemas.isEmpty == true)
        #expect(document.warnings.count == 1 && document.warnings.first?.hasSuffix("; left out: GET /b") == true, "\(document.warnings)")
    }

    @Test func nullWhereAnObjectBelongsIsAbsent() throws {
        let document = try read("""
        openapi: 3.0.3
        info: {title: Nulls, version: '1'}
        paths:
          /a:
            get:
              parameters:
                - {name: q, in: query, schema: null}
              responses:
                '200': {description: ok, content: null}
          /b:
            get:
              responses: null
        """)
        #expect(document.operations.map(\.displayName) == ["GET /a", "GET /b"])
        #expect(document.operations.first?.parameters.first?.schema == nil)
        #expect(document.warnings == [
            "#/paths/~1a/get/parameters/0/schema: null, read as absent",
            "#/paths/~1a/get/responses/200/content: null, read as absent",
            "#/paths/~1b/get/responses: null, read as no responses; any answer is taken as it comes",
        ])
        #expect(document.operations.last?.responses.isEmpty == true)
    }

    @Test func anUnknownParameterLocationADuplicateOperationIdAndMissingResponsesAreEachOneWarning() throws {
        let document = try read("""
        openapi: 3.0.3
        info: {title: Mixed, version: '1'}
        paths:
          /pets:
            get:
              operationId: pets
              parameters:
                - {name: page, in: query, schema: {type: integer}}
                - {name: payload, in: body, schema: {type: object}}
              responses: {'200': {description: ok}}
            post:
              operationId: pets
        """)
        #expect(document.operations.map(\.operationId) == ["pets", "pets_2"])
        #expect(document.operations.first?.parameters.map(\.name) == ["page"])
        #expect(document.operation(named: "pets_2")?.method == .post)
        #expect(document.warnings == [
            #"#/paths/~1pets/get/parameters/1/in: parameter payload is in "body", not path, query, header or cookie; left out"#,
            "#/paths/~1pets/post: no responses; any answer is taken as it comes",
            "#/paths/~1pets/post/operationId: operationId pets is used by an earlier operation; this one is pets_2",
        ])
    }

    @Test func aDanglingReferenceLeavesOutOnlyTheOperationsThatNeedIt() throws {
        let document = try read("""
        openapi: 3.0.3
        info: {title: Dangling, version: '1'}
        paths:
          /ok:
            get:
              operationId: fine
              responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}}
          /gone:
            get:
              operationId: broken
              responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Gone'}}}}}
            delete:
              operationId: alsoBroken
              parameters: [{$ref: '#/components/parameters/Gone'}]
              responses: {'204': {description: gone}}
        components:
          schemas:
            Pet: {type: object, properties: {name: {type: string}}}
        """)
        #expect(document.operations.map(\.displayName) == ["fine"])
        #expect(document.operation(named: "fine")?.responses.first?.schema?.properties.map(\.name) == ["name"])
        #expect(document.warnings.count == 2, "\(document.warnings)")
        #expect(document.warnings.first?.hasSuffix("; left out: GET /gone") == true, "\(document.warnings)")
        #expect(document.warnings.last?.hasSuffix("; left out: DELETE /gone") == true, "\(document.warnings)")
    }

    @Test func aDocumentOfWhichNothingCanBeUsedIsRefused() {
        #expect(throws: OpenAPIError.self) {
            try read("""
            openapi: 3.0.3
            info: {title: Nothing, version: '1'}
            paths:
              /gone:
                get:
                  responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Gone'}}}}}
            """)
        }
    }
}
