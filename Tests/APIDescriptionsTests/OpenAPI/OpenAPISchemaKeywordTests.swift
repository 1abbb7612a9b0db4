import Testing
import JSON
import Schemas
import APIDescriptions

/// The schema keywords only an OpenAPI document gives: a discriminator, and a response's closed objects.
@Suite struct OpenAPISchemaKeywordTests {
    @Test func aDiscriminatorPicksTheBranchItNames() throws {
        let document = try OpenAPIDocument.parse(JSONValue.parse(#"""
        {"openapi":"3.0.3","info":{"title":"Pets","version":"1"},"paths":{"/pets":{"get":{"operationId":"getPet","responses":{"200":{"description":"ok",
           "content":{"application/json":{"schema":{"oneOf":[{"$ref":"#/components/schemas/Cat"},{"$ref":"#/components/schemas/Dog"}],
              "discriminator":{"propertyName":"kind","mapping":{"doggo":"#/components/schemas/Dog"}}}}}}}}}},
         "components":{"schemas":{
           "Cat":{"type":"object","required":["kind","meows"],"properties":{"kind":{"type":"string"},"meows":{"type":"boolean"}}},
           "Dog":{"type":"object","required":["kind","barks"],"properties":{"kind":{"type":"string"},"barks":{"type":"boolean"}}}}}}
        """#), source: "")
        let operation = try #require(document.operation(named: "getPet"))
        let schema = try #require(document.responseSchema(of: operation, status: 200).schema)
        func failures(_ text: String) throws -> [String] { schema.validate(try JSONValue.parse(text)).map(\.description) }
        #expect(try failures(#"{"kind":"Cat","meows":true}"#) == [])
        #expect(try failures(#"{"kind":"doggo","barks":true}"#) == [])
        // THEN the named branch's own failure is reported, not "one of"
        #expect(try failures(#"{"kind":"Cat","barks":true}"#) == ["meows: expected a value, found no such field"])
        #expect(try failures(#"{"kind":"bird"}"#) == [#"kind: expected one of "doggo", "Cat", "Dog", found string "bird""#])
        #expect(try failures(#"{"meows":true}"#) == ["kind: expected a value (it picks one of: Cat, Dog), found no such field"])
    }

    @Test func closedObjectsAreCheckedInAnswersToo() throws {
        let document = try OpenAPIDocument.parse(JSONValue.parse(#"""
        {"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{"/t":{"get":{"operationId":"getT","responses":{"200":{"description":"ok",
           "content":{"application/json":{"schema":{"type":"object","properties":{"id":{"type":"integer"}},"additionalProperties":false}}}}}}}}}
        """#), source: "")
        let operation = try #require(document.operation(named: "getT"))
        let schema = try #require(document.responseSchema(of: operation, status: 200).schema)
        #expect(schema.validate(try JSONValue.parse(#"{"id":1,"extra":true}"#), use: .response).map(\.description)
            == ["extra: expected no such field (additionalProperties is false), found boolean true"])
        // 3.1 reads 1.0 as an integer; 3.0 does not.
        #expect(schema.validate(try JSONValue.parse(#"{"id":1.0}"#)).isEmpty)
        #expect(schema.dialect == .draft2020)
    }
}
