@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// A call prepared once (`DescriptionService.prepare`) carries its service, version and operation; its dry
/// run (`request(baseURL:)`) is the request `call` would send, or `call`'s refusal, with nothing sent.
@Suite struct PreparedCallTests {
    static let document = #"""
        {"openapi":"3.0.3","info":{"title":"P","version":"2"},"paths":{
         "/pets":{"get":{"operationId":"listPets","parameters":[
           {"name":"limit","in":"query","schema":{"type":"integer","maximum":10}},
           {"name":"X-API-Key","in":"header","schema":{"type":"string"}}],
          "responses":{"200":{"description":"ok"}}}},
         "/pets/{petId}":{"get":{"operationId":"getPet","parameters":[{"name":"petId","in":"path","required":true,"schema":{"type":"integer"}}],
          "responses":{"200":{"description":"ok"}}}}}}
        """#

    /// A facade whose locator has `p` v2, described by `document`, at a port nothing answers on.
    static func facade() throws -> (ServiceFacade, ScratchDirectory) {
        let folder = try ScratchDirectory()
        try folder.write("p.json", document)
        let locator = try folder.write("services.json", #"{"services":[{"name":"p","version":2,"url":"http://127.0.0.1:9/p","openapi":"p.json"}]}"#)
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(locator)
        return (facade, folder)
    }

    @Test func theDryRunIsTheRequestCallWouldSend() throws {
        // GIVEN a service whose document declares listPets and getPet
        let (facade, _) = try Self.facade()
        // WHEN a call is prepared by operationId and by METHOD /path
        let list = try facade.descriptions.prepare("listPets", arguments: ["limit=2", "X-API-Key=k3y"])
        let get = try facade.descriptions.prepare("GET /pets/{petId}", arguments: ["7"])
        // THEN each carries its service, version and operation, and builds the request without sending it
        #expect(list.entry.name == "p" && list.entry.version.description == "v2")
        #expect(list.operation.operationId == "listPets")
        #expect(get.operation.operationId == "getPet")
        let request = try list.request(baseURL: "http://dry.invalid/p")
        #expect(request.method == .get)
        #expect(request.fullURL == "http://dry.invalid/p/pets?limit=2")
        #expect(request.headers["X-API-Key"] == "k3y")
        #expect(try get.request(baseURL: "http://dry.invalid").fullURL == "http://dry.invalid/pets/7")
        // AND the argument that fills a credential-like header is named as a secret
        #expect(list.secrets.map(\.index) == [1])
        #expect(list.secrets.map(\.value) == ["k3y"])
    }

    @Test func theDryRunRefusesWhatCallRefuses() throws {
        // GIVEN a service that caps limit at 10
        let (facade, _) = try Self.facade()
        // WHEN a call asks for 50, unchecked and checked, and one names an operation the document lacks
        let unchecked = try facade.descriptions.prepare("listPets", arguments: ["limit=50"], checked: false)
        let checked = try facade.descriptions.prepare("listPets", arguments: ["limit=50"])
        // THEN only the checked one is refused, in the document's words; the unknown one is refused when prepared
        #expect(try unchecked.request(baseURL: "http://dry.invalid").fullURL == "http://dry.invalid/pets?limit=50")
        #expect(throws: FacadeError.self) { try checked.request(baseURL: "http://dry.invalid") }
        #expect(throws: FacadeError.self) { try facade.descriptions.prepare("deletePet", arguments: []) }
        #expect(throws: FacadeError.self) { try facade.descriptions.prepare("GET /pets/{petId}", arguments: []).request(baseURL: "http://dry.invalid") }
    }
}
