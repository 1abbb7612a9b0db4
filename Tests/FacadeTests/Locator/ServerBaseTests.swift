@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import HTTPTypes
import JSON

/// Requests go where the user says: the locator entry's url over every `servers` entry of its document,
/// a base set for the session over both, and `servers` saying which is in force and why.
@Suite struct ServerBaseTests {
    @Test func aLocatorEntrysURLIsTheBaseOverThePathLevelServersOfItsDocument() throws {
        // GIVEN a locator entry with a url and the multi-file description (sendForm has a path-level server)
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let locator = try folder.write("services.json", """
            {"services":[{"name":"pets","version":1,"url":"\(server.url("/echo"))",
              "openapi":"\(server.url("/descriptions/pets-multi/openapi.yaml"))"}]}
            """)
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(locator)
        // WHEN its operations are called THEN every one goes under the entry's url, the form too
        #expect(try facade.descriptions.call("listPets", arguments: []).request.fullURL == server.url("/echo/pets"))
        #expect(try facade.descriptions.call("sendForm", arguments: ["name=Rex"]).request.fullURL == server.url("/echo/forms"))
        let report = try facade.descriptions.servers("pets")
        #expect(report.url == server.url("/echo"))
        #expect(report.origin == .locatorEntry)
        #expect(report.operationsWithOwnServers == 0)
    }

    @Test func serverURLSendsEveryRequestOfADescriptionThatIsTheLocatorElsewhereAndResetUndoesIt() throws {
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(server.url("/descriptions/pets-multi/openapi.yaml"))
        // GIVEN the description's own servers: the document's, with a path-level one for sendForm
        var report = try facade.descriptions.servers()
        #expect(report.origin == .document)
        #expect(report.operationsWithOwnServers == 1)
        // WHEN the user gives a base for the session
        report = try facade.descriptions.setServerBase(server.url("/echo/staging/"))
        #expect(report.url == server.url("/echo/staging"))
        #expect(report.origin == .session)
        #expect(report.withoutSessionBase == server.url("/petstore/v1"))
        // THEN calls, the path-level one too, and raw requests go there
        #expect(try facade.descriptions.call("listPets", arguments: ["limit=1"]).request.fullURL == server.url("/echo/staging/pets?limit=1"))
        #expect(try facade.descriptions.call("sendForm", arguments: ["name=Rex"]).request.fullURL == server.url("/echo/staging/forms"))
        let raw = try facade.requests.send(RawRequest(method: .get, target: "/pets/1", items: []))
        #expect(raw.request.fullURL == server.url("/echo/staging/pets/1"))
        // AND reset goes back to the document's servers
        report = try facade.descriptions.resetServerBase()
        #expect(report.origin == .document)
        #expect(try facade.descriptions.call("listPets", arguments: []).request.fullURL == server.url("/petstore/v1/pets"))
        // AND a base that is not on the web is refused
        #expect(throws: FacadeError.self) { try facade.descriptions.setServerBase("file:///etc") }
    }

    @Test func serverSetOnADocumentWithoutVariablesPointsToServerURL() throws {
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(server.url("/descriptions/swagger-pets/swagger.yaml"))
        #expect {
            try facade.descriptions.setServerVariable("region", to: "eu")
        } throws: { error in
            "\(error)".hasSuffix("has no server variables; to send its requests elsewhere: server URL")
        }
    }
}
