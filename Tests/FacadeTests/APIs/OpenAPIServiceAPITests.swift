import DemoAPIs
import Schemas
import TestSupport
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// Services described by an OpenAPI document (`"openapi"` in the locator, or a locator that is the
/// document), on the demo pet store: operations called, every answer checked against the spec.
@Suite struct OpenAPIServiceAPITests {
    /// A facade on the demo's `services-openapi.json` (petstore v1 and v2, each with its spec).
    static func petstore(_ server: LiveDemoServer) throws -> ServiceFacade {
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        let report = try facade.workspace.locate(server.url("/services-openapi.json"))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        return facade
    }

    /// A spec for the demo's `/petstore/v2` with `getPet` only: `responses` as given, `Pet` as given.
    static func getPetSpec(server: LiveDemoServer, responses: String, pet: String) -> String {
        #"""
        {"openapi":"3.0.3","info":{"title":"Strict Pets","version":"2"},"servers":[{"url":"\#(server.url("/petstore/v2"))"}],
         "paths":{"/pets/{id}":{"get":{"operationId":"getPet","parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],
           "responses":\#(responses)}}},
         "components":{"schemas":{"Pet":\#(pet),"Error":{"type":"object","required":["code","reason"],"properties":{"code":{"type":"integer"},"reason":{"type":"string"}}}}}}
        """#
    }

    /// A locator (in `folder`) with one `strict` v2 entry whose `openapi` is `spec`.
    static func strictFacade(_ folder: ScratchDirectory, spec: String) throws -> ServiceFacade {
        try folder.write("strict.json", spec)
        let path = try folder.write("s.json", #"{"services":[{"name":"strict","version":2,"openapi":"strict.json"}]}"#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        let report = try facade.workspace.locate(path)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        return facade
    }

    @Test func anEntryWithADocumentIsAnOpenAPIServiceWhoseMainResourceIsGetRoot() throws {
        // GIVEN the demo's OpenAPI locator
        let server = try LiveDemoServer()
        let facade = try Self.petstore(server)
        let entry = try facade.workspace.entry(of: "petstore", version: "1")
        let api = try facade.descriptions.openAPI(of: entry)
        #expect(api.document.title == "Demo Pet Store")
        #expect(api.document.operations.compactMap(\.operationId) == ["getStore", "listPets", "createPet", "showPetById", "showOwner"])
        #expect(api.mainOperation?.operationId == "getStore")

        // WHEN v1 is refreshed
        let exchange = try facade.requests.refresh("petstore", version: "1")

        // THEN getStore was sent and its body checked against `Store`
        #expect(exchange.outcome == .success(status: 200), "\(exchange.outcome)")
        #expect(exchange.displayURL == server.url("/petstore/v1"))
        #expect(exchange.model?.typeName == "Store")
        let model = try #require(exchange.value(SchemaModel.self))
        #expect(model.schema.properties.map(\.name) == ["name", "version", "petCount"])
    }

    @Test func callFillsPathParametersInOrderAndChecksTheAnswer() throws {
        let server = try LiveDemoServer()
        let facade = try Self.petstore(server)
        try facade.workspace.use("petstore", version: "2")

        let pet = try facade.descriptions.call("getPet", arguments: ["1"])
        #expect(pet.outcome == .success(status: 200), "\(pet.outcome)")
        #expect(pet.displayURL == server.url("/petstore/v2/pets/1"))
        #expect(pet.model?.typeName == "Pet")
        #expect(pet.body?["species"]?.stringValue == "dog")
        #expect(pet.warnings.isEmpty, "\(pet.warnings)")

        // `METHOD /path` names the same operation; a declared query parameter given as name=value goes to the query
        let cats = try facade.descriptions.call("GET /pets", arguments: ["species=cat", "limit=1"])
        #expect(cats.displayURL == server.url("/petstore/v2/pets?species=cat&limit=1"))
        #expect(cats.model?.typeName == "Pets")
        #expect(cats.body?.arrayValue?.count == 1)
    }

    @Test func createPetAnswers201InV1And200InV2AsEachSpecDeclares() throws {
        let server = try LiveDemoServer()
        let facade = try Self.petstore(server)
        try facade.workspace.use("petstore", version: "1")
        let v1 = try facade.descriptions.call("createPet", arguments: ["name=Rex", "tag=dog"])
        #expect(v1.outcome == .success(status: 201), "\(v1.outcome)")
        #expect(v1.request.body == .json(Data(#"{"name":"Rex","tag":"dog"}"#.utf8)))
        #expect(v1.warnings.isEmpty, "\(v1.warnings)")

        try facade.workspace.use("petstore", version: "2")
        let v2 = try facade.descriptions.call("createPet", arguments: ["name=Kit", "species=cat"])
        #expect(v2.outcome == .success(status: 200), "\(v2.outcome)")
        #expect(v2.body?["status"]?.stringValue == "available")
    }

    @Test func aMissingRequiredParameterOrAnUnknownOperationIsRefusedBeforeAnythingIsSent() throws {
        let server = try LiveDemoServer()
        let facade = try Self.petstore(server)
        try facade.workspace.use("petstore", version: "2")
        let sent = facade.requests.exchangeCount

        #expect(throws: FacadeError.operation(.missingParameter(name: "species", location: "query", operation: "listPets"))) {
            try facade.descriptions.call("listPets", arguments: [])
        }
        #expect(throws: FacadeError.operation(.unknownOperation("lstPets", suggestion: "listPets"))) {
            try facade.descriptions.call("lstPets", arguments: [])
        }
        // showPetById is v1's: v2 renamed it getPet
        #expect(throws: FacadeError.operation(.unknownOperation("showPetById", suggestion: nil))) {
            try facade.descriptions.call("showPetById", arguments: ["1"])
        }
        #expect(facade.requests.exchangeCount == sent)
    }

    @Test func aTwoHundredWhoseBodyBreaksTheSchemaIsADecodeErrorWithPaths() throws {
        // GIVEN a spec that says a pet's id is a string and its name an integer
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let spec = Self.getPetSpec(
            server: server, responses: ##"{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pet"}}}}}"##,
            pet: #"{"type":"object","required":["id","name","tag"],"properties":{"id":{"type":"string"},"name":{"type":"integer"}}}"#)
        let facade = try Self.strictFacade(folder, spec: spec)

        // WHEN pet 1 is fetched
        let exchange = try facade.descriptions.call("getPet", arguments: ["1"])

        // THEN every mismatch is named, with what was expected and found; the body is still there
        let failure = try #require(exchange.decodeFailure, "got \(exchange.outcome)")
        #expect(failure.description
            == #"id: expected string, found number 1; name: expected integer, found string "Rex"; tag: expected a value, found no such field"#)
        #expect(exchange.body?["name"]?.stringValue == "Rex")
    }

    @Test func aRawRequestTheSpecDescribesIsCheckedAsCallChecksIt() throws {
        // GIVEN the strict spec, under which pet 1's body is wrong
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let spec = Self.getPetSpec(
            server: server, responses: ##"{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pet"}}}}}"##,
            pet: #"{"type":"object","required":["id","name"],"properties":{"name":{"type":"integer"}}}"#)
        let facade = try Self.strictFacade(folder, spec: spec)

        // WHEN fetched by hand, by service path or by absolute URL
        let byPath = try facade.requests.send(RawRequest(method: .get, target: "strict/pets/1", items: []))
        let byURL = try facade.requests.send(RawRequest(method: .get, target: server.url("/petstore/v2/pets/1"), items: []))

        // THEN both are checked against GET /pets/{id}
        #expect(byPath.decodeFailure?.description == #"name: expected integer, found string "Rex""#, "\(byPath.outcome)")
        #expect(byURL.decodeFailure?.description == #"name: expected integer, found string "Rex""#, "\(byURL.outcome)")
        // AND a path the spec does not describe is plain JSON, unchecked
        let undescribed = try facade.requests.send(RawRequest(method: .get, target: "strict/pets", items: ["species==dog"]))
        #expect(undescribed.outcome.isSuccess)
        #expect(undescribed.model?.typeName == "JSON")
        #expect(undescribed.warnings.isEmpty)
    }

    @Test func anUndeclaredStatusIsAWarningAndTheOutcomeStaysWhatTheStatusSays() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let spec = Self.getPetSpec(
            server: server, responses: #"{"200":{"description":"ok"}}"#, pet: #"{"type":"object"}"#)
        let facade = try Self.strictFacade(folder, spec: spec)

        let missing = try facade.descriptions.call("getPet", arguments: ["999"])

        #expect(missing.outcome == .requestError(status: 404, message: "no pet with id 999"), "\(missing.outcome)")
        #expect(missing.warnings == ["strict v2: getPet does not declare status 404 (it declares 200)"])
        // a 200 without a declared body is not checked, and still shows as JSON
        let found = try facade.descriptions.call("getPet", arguments: ["1"])
        #expect(found.outcome.isSuccess)
        #expect(found.warnings.isEmpty)
        #expect(found.model?.typeName == "JSON")
    }

    @Test func anErrorBodyThatBreaksItsSchemaIsAWarning() throws {
        // GIVEN a spec whose Error needs a `reason`, which the server's 404 does not carry
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let spec = Self.getPetSpec(
            server: server,
            responses: ##"{"200":{"description":"ok"},"4XX":{"description":"no","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Error"}}}}}"##,
            pet: #"{"type":"object"}"#)
        let facade = try Self.strictFacade(folder, spec: spec)

        let missing = try facade.descriptions.call("getPet", arguments: ["999"])

        #expect(missing.status == 404)
        #expect(missing.warnings == ["strict v2: the 404 body of getPet does not match the spec: reason: expected a value, found no such field"])
    }

    @Test func anEntryWithoutURLGoesWhereItsSpecsServerSays() throws {
        // GIVEN entries naming only their specs (on the demo server, whose servers are relative to them)
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let path = try folder.write("s.json", #"""
            {"services":[{"name":"petstore","version":1,"openapi":"\#(server.url("/specs/petstore-v1.json"))"},
                         {"name":"petstore","version":2,"openapi":"\#(server.url("/specs/petstore-v2.json"))"}]}
            """#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)

        let report = try facade.workspace.locate(path)

        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.locator.entries.map(\.url) == [server.url("/petstore/v1"), server.url("/petstore/v2")])
        #expect(try facade.descriptions.call("getPet", arguments: ["2"]).body?["name"]?.stringValue == "Tom")
    }

    @Test func anEntryWithoutURLWhoseSpecCannotSayIsALocatorErrorNamingIt() throws {
        let folder = try ScratchDirectory()
        try folder.write("local.json", #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"servers":[{"url":"/api"}],"paths":{}}"#)
        let missing = try folder.write("a.json", #"{"services":[{"name":"pets","version":1,"openapi":"nowhere.json"}]}"#)
        let relative = try folder.write("b.json", #"{"services":[{"name":"pets","version":1,"openapi":"local.json"}]}"#)
        let bare = try folder.write("c.json", #"{"services":[{"name":"pets","version":1}]}"#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)

        #expect(throws: FacadeError.locator(.parse(source: missing,
            reason: #"pets v1: no "url", and file://\#(folder.path)/nowhere.json cannot give one: no such file"#))) {
            try facade.workspace.locate(missing)
        }
        #expect(throws: FacadeError.locator(.parse(source: relative,
            reason: #"pets v1: no "url", and the server URL of file://\#(folder.path)/local.json is file:///api, not an http(s) URL (a relative one resolves against the file); give the entry a "url""#))) {
            try facade.workspace.locate(relative)
        }
        #expect(throws: FacadeError.locator(.parse(source: bare,
            reason: #"services[0] (pets v1): missing "url" (a string), or an "openapi" document whose servers say where"#))) {
            try facade.workspace.locate(bare)
        }
        #expect(facade.workspace.locator == nil)
    }

    @Test func aSpecAsTheWholeLocatorIsOneService() throws {
        // GIVEN the demo's v2 spec, loaded as the locator itself
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)

        let report = try facade.workspace.locate(server.url("/specs/petstore-v2.json"))

        // THEN it is one service named by its title, at info.version, served where `servers` says, and current
        let entry = try #require(report.locator.entries.first)
        #expect(report.locator.entries.count == 1)
        #expect(entry.name == "demo-pet-store")
        #expect(entry.version.description == "v2.0.0")
        #expect(entry.versionText == "2.0.0")
        #expect(entry.url == server.url("/petstore/v2"))
        #expect(facade.workspace.currentService == "demo-pet-store")
        #expect(report.warnings.isEmpty)
        #expect(try facade.descriptions.openAPI().api.document.operations.count == 5)
        #expect(try facade.requests.refresh().model?.typeName == "Store")
        #expect(try facade.descriptions.call("getPet", arguments: ["3"]).body?["name"]?.stringValue == "Luna")
    }

    @Test(arguments: [
        ("1.2.0-beta.1", "v1.2.0"), ("2022-11-28", "2022-11-28"), ("v3", "v3"), ("2.0+build.7", "v2.0"),
    ])
    func aSpecsVersionKeepsItsNumbers(info: String, shown: String) throws {
        let folder = try ScratchDirectory()
        let path = try folder.write("spec.json", #"{"openapi":"3.0.3","info":{"title":"T","version":"\#(info)"},"servers":[{"url":"https://api.example.com"}],"paths":{}}"#)
        let locator = try LocatorLoader(transport: CurlTransport()).load(path)
        #expect(locator.entries.first?.version.description == shown)
        #expect(locator.entries.first?.versionText == info)
    }

    @Test func aBuiltInAPIKeepsItsModelAndItsDocumentServesCall() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let entry = try facade.workspace.entry(of: "weather", version: "2")
        #expect(facade.workspace.definition(for: entry).modelName == "WeatherV2")
        let described = try facade.descriptions.openAPI(of: entry)
        #expect(described.document.operation(named: "getWeather") != nil)
        let exchange = try facade.descriptions.call("getWeather", arguments: ["city=Boston"], service: "weather")
        #expect(exchange.response?.status == 200)
        #expect(exchange.response.map { String(decoding: $0.body, as: UTF8.self) }?.contains("\"Boston\"") == true)
    }

    @Test func aServiceWithoutADocumentSaysSoForOpsAndCall() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        // The demo's weather and stockQuote are described; twit and meetup are not.
        try facade.workspace.use("twit", version: "1")
        #expect(throws: FacadeError.noOpenAPI(service: "twit v1", problem: nil)) {
            try facade.descriptions.call("listPets", arguments: [], service: "twit")
        }
        #expect(throws: FacadeError.noOpenAPI(service: "meetup v2", problem: nil)) {
            try facade.descriptions.openAPI(of: facade.workspace.entry(of: "meetup", version: "2"))
        }
        #expect(FacadeError.noOpenAPI(service: nil, problem: nil).description
            == #"no service in the locator has an OpenAPI document; name one with "openapi" in a locator entry"#)
    }
}
