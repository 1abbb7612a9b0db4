import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes
import APIDescriptions

extension OpenAPITests {
    @Suite struct Call {
        let spec: OpenAPIDocument

        init() throws {
            spec = try OpenAPITests.parse(OpenAPITests.document(paths: ##"""
            {"/stores/{storeId}/pets/{petId}":{
               "get":{"operationId":"getPet","parameters":[
                  {"name":"storeId","in":"path","required":true,"schema":{"type":"string"}},
                  {"name":"petId","in":"path","required":true,"schema":{"type":"integer"}},
                  {"name":"fields","in":"query","schema":{"type":"string"}},
                  {"name":"X-Request-Id","in":"header","schema":{"type":"string"}},
                  {"name":"session","in":"cookie","schema":{"type":"string"}}],
                 "responses":{"200":{"description":"ok"}}}},
             "/pets":{
               "get":{"operationId":"listPets","parameters":[{"name":"limit","in":"query","required":true,"schema":{"type":"integer"}}],
                      "responses":{"200":{"description":"ok"}}},
               "post":{"operationId":"addPet","requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/NewPet"}}}},
                       "responses":{"201":{"description":"created"}}}},
             "/login":{
               "post":{"operationId":"login","requestBody":{"content":{"application/x-www-form-urlencoded":{"schema":{"type":"object"}}}},
                       "responses":{"200":{"description":"ok"}}}},
             "/upload":{
               "post":{"operationId":"upload","requestBody":{"required":true,"content":{"multipart/form-data":{}}},
                       "responses":{"200":{"description":"ok"}}}}}
            """##, components: #"""
            {"schemas":{"NewPet":{"type":"object","required":["name"],"properties":{
               "name":{"type":"string"},"age":{"type":"integer"},"vaccinated":{"type":"boolean"},"code":{"type":"string"}}}}}
            """#))
        }

        private func build(_ name: String, _ arguments: [String], base: String = "http://127.0.0.1:9/api/")
            throws -> (url: String, query: [FormField], headers: [FormField], body: HTTPBody)
        {
            try OpenAPICall.build(try #require(spec.operation(named: name)), baseURL: base, arguments: arguments)
        }

        private func error(_ name: String, _ arguments: [String]) throws -> OpenAPIError {
            try #require(throws: OpenAPIError.self) { try build(name, arguments) }
        }

        private func bodyJSON(_ body: HTTPBody) throws -> JSONValue {
            guard case .json(let data) = body else {
                Issue.record("expected a JSON body, got \(body)")
                return .null
            }
            return try JSONValue.parse(data)
        }

        @Test func positionalArgumentsFillPathParametersInOrderPercentEncoded() throws {
            let request = try build("getPet", ["main st/1", "42"])
            #expect(request.url == "http://127.0.0.1:9/api/stores/main%20st%2F1/pets/42")
            #expect(request.query.isEmpty && request.headers.isEmpty && request.body == .none)
        }

        @Test func dotSegmentsStayInsideTheirSegment() throws {
            // GIVEN path values that are whole dot segments, which a resolver would climb out with
            #expect(try build("getPet", ["..", ".."]).url == "http://127.0.0.1:9/api/stores/%2E%2E/pets/%2E%2E")
            #expect(try build("getPet", [".", "1"]).url == "http://127.0.0.1:9/api/stores/%2E/pets/1")
            // THEN dots inside a longer value are ordinary characters
            #expect(try build("getPet", ["...", "a.b"]).url == "http://127.0.0.1:9/api/stores/.../pets/a.b")
        }

        @Test func aNameWrittenTwiceInThePathIsOneParameter() throws {
            let twice = try OpenAPITests.parse(OpenAPITests.document(paths: #"""
            {"/z/{a}/{a}":{"get":{"operationId":"getZ","responses":{"200":{"description":"ok"}}}}}
            """#))
            let operation = try #require(twice.operation(named: "getZ"))
            #expect(try OpenAPICall.build(operation, baseURL: "http://h", arguments: ["1"]).url == "http://h/z/1/1")
            let error = try #require(throws: OpenAPIError.self) {
                try OpenAPICall.build(operation, baseURL: "http://h", arguments: ["1", "2"])
            }
            #expect(error.description == "too many arguments: getZ takes 1 (a), got 2")
            // AND a value that looks like a template is not filled again
            #expect(try OpenAPICall.build(operation, baseURL: "http://h", arguments: ["{a}"]).url == "http://h/z/%7Ba%7D/%7Ba%7D")
        }

        @Test func namedItemsGoToTheirDeclaredParameters() throws {
            // GIVEN one named value for each location, plus a query and a header item
            let request = try build("getPet", ["petId=7", "s1", "fields=name", "x-request-id=abc", "session=s3cr3t",
                                               "extra==1", "Accept:application/json"])
            // THEN the path parameter named is filled, the positional one fills what is left
            #expect(request.url == "http://127.0.0.1:9/api/stores/s1/pets/7")
            #expect(request.query == [FormField("fields", "name"), FormField("extra", "1")])
            // AND a header parameter takes its declared spelling; cookies travel in one Cookie header
            #expect(request.headers == [FormField("X-Request-Id", "abc"), FormField("Accept", "application/json"),
                                        FormField("Cookie", "session=s3cr3t")])
        }

        @Test func requiredQueryParameterMissing() throws {
            let error = try error("listPets", [])
            #expect(error == .missingParameter(name: "limit", location: "query", operation: "listPets"))
            #expect(error.description == "listPets needs the query parameter 'limit': give limit=VALUE")
            #expect(try build("listPets", ["limit==5"], base: "http://h").url == "http://h/pets")
            #expect(try build("listPets", ["limit=5"]).query == [FormField("limit", "5")])
        }

        @Test func aParameterIsCheckedByTheWholeSchemaBoundsAndPatternsToo() throws {
            // GIVEN a limit of at most 10 and a code of three capitals
            let spec = try OpenAPITests.parse(OpenAPITests.document(paths: #"""
            {"/items":{"get":{"operationId":"items","parameters":[
               {"name":"limit","in":"query","schema":{"type":"integer","maximum":10}},
               {"name":"code","in":"query","schema":{"type":"string","pattern":"^[A-Z]{3}$"}}],
              "responses":{"200":{"description":"ok"}}}}}
            """#))
            let operation = try #require(spec.operation(named: "items"))
            func refusal(_ arguments: [String]) -> String? {
                do {
                    _ = try OpenAPICall.build(operation, baseURL: "http://h", arguments: arguments)
                    return nil
                } catch {
                    return error.description
                }
            }
            // THEN values inside pass, and each outside is one error naming the parameter
            #expect(refusal(["limit=10", "code=ABC"]) == nil)
            #expect(refusal(["limit=11"])?.contains("limit") == true)
            #expect(refusal(["code=abcd"])?.contains("code") == true)
            // AND without the check nothing is refused
            #expect((try? OpenAPICall.build(operation, baseURL: "http://h", arguments: ["limit=11"], checked: false)) != nil)
        }

        @Test func missingPathParameter() throws {
            #expect(try error("getPet", ["s1"]) == .missingParameter(name: "petId", location: "path", operation: "getPet"))
        }

        @Test func tooManyPositionalArguments() throws {
            let error = try error("getPet", ["a", "1", "extra"])
            #expect(error.description == "too many arguments: getPet takes 2 (storeId, petId), got 3")
            #expect(try self.error("listPets", ["limit=1", "x"]).description
                == "too many arguments: listPets takes no positional arguments, got 1")
        }

        @Test func jsonBodyWithTypedFields() throws {
            // GIVEN fields declared as integer/boolean/string, and a := JSON field
            let request = try build("addPet", ["name=Rex", "age=3", "vaccinated=true", "code=007", "tags:=[\"a\"]", "X-Trace:1"])
            // THEN the body is a JSON object in argument order, typed by the schema
            #expect(try bodyJSON(request.body) == JSONValue.parse(#"{"name":"Rex","age":3,"vaccinated":true,"code":"007","tags":["a"]}"#))
            #expect(request.body.contentType == "application/json")
            #expect(request.headers == [FormField("X-Trace", "1")])
            // A value that is not of the declared type is refused, naming the field and what it takes
            #expect(try error("addPet", ["name=Rex", "age=three"]).description
                == #"age: expected an integer, found "three" (addPet); call --no-check sends it anyway"#)
            // unchecked (`call --no-check`), it is sent as written, for the server to judge
            let unchecked = try OpenAPICall.build(
                try #require(spec.operation(named: "addPet")), baseURL: "http://127.0.0.1:9/api/",
                arguments: ["age=three"], checked: false)
            #expect(try bodyJSON(unchecked.body)["age"] == "three")
        }

        @Test func requiredBodyMissing() throws {
            // GIVEN an operation whose body schema requires `name`  THEN the refusal names it as its usage line would
            let error = try error("addPet", [])
            #expect(error.description == "addPet needs a request body (application/json): name=… (required: name)")
            // AND a body without a schema that requires anything is asked for in general words
            #expect(try self.error("upload", []).description
                == "upload needs a request body (multipart/form-data): give name=value or name:=json items")
        }

        @Test func formBody() throws {
            let request = try build("login", ["user=ana", "pass=a b&c", "remember:=true"])
            #expect(request.body == .form([FormField("user", "ana"), FormField("pass", "a b&c"), FormField("remember", "true")]))
            // The body is optional there
            #expect(try build("login", []).body == .none)
        }

        @Test func bodyFieldsForAnOperationWithoutABody() throws {
            let error = try error("listPets", ["limit=1", "limt=2"])
            #expect(error.description == "listPets has no parameter 'limt' and takes no body; did you mean 'limit'?")
        }

        @Test func unsupportedBodyAndBadItems() throws {
            // A multipart body is built, its fields as text parts (files come with `readFile`).
            #expect(try build("upload", ["file=x"]).body == .multipart([MultipartPart(name: "file", value: "x")]))
            #expect(try error("upload", ["file@x.bin"]).description.contains("a file can be sent only by"))
            #expect(try error("addPet", ["tags:=[1,"]).description.hasPrefix("bad JSON in 'tags:='"))
            #expect(try error("addPet", ["=x"]).description.hasPrefix("bad item '=x'"))
        }
    }
}
