@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import HTTPTypes
import JSON
import Schemas
@testable import DemoServer

/// The API descriptions the demo server publishes as real APIs do (YAML in several files, Swagger 2.0,
/// API roots that say where their description is), loaded and called end to end over libcurl.
@Suite struct PublishedDescriptionTests {
    @Test func aYAMLSpecInSeveralFilesIsOneServiceWhoseCallsReachTheServer() throws {
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport())
        // GIVEN the multi-file spec as the locator WHEN located
        let report = try facade.workspace.locate(server.url("/descriptions/pets-multi/openapi.yaml"))
        #expect(report.warnings.isEmpty)
        let (api, entry) = try facade.descriptions.openAPI()
        #expect(entry.key.description == "pets-in-pieces v1.0.0")
        #expect(entry.url == server.url("/petstore/v1"))
        #expect(api.document.operations.map(\.displayName) == ["listPets", "showPetById", "sendForm"])
        // THEN a parameter from common.yaml and a schema from schemas/pet.yaml (which refers back) are known
        let list = try #require(api.document.operation(named: "listPets"))
        #expect(list.parameters.map(\.name) == ["limit"])
        let pet = try #require(api.document.operation(named: "showPetById")?.responses.first?.schema)
        #expect(pet.properties.map(\.name) == ["id", "name", "tag", "owner"])
        #expect(pet.properties.last?.schema.properties.map(\.name) == ["name", "pet"])
        // AND a call goes to the petstore, its answer checked against the schema from the other file
        let exchange = try facade.descriptions.call("listPets", arguments: ["limit=2"])
        #expect(exchange.status == 200)
        #expect(exchange.request.fullURL == server.url("/petstore/v1/pets?limit=2"))
        #expect(exchange.warnings.isEmpty, "\(exchange.warnings)")
        // AND the path-level server sends the form to the echo route
        let form = try facade.descriptions.call("sendForm", arguments: ["name=Rex", "tag=dog"])
        #expect(form.request.fullURL == server.url("/echo/forms"))
        #expect(form.body?["form"] == ["name": "Rex", "tag": "dog"])
    }

    @Test func serverSetChangesWhereCallsGo() throws {
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(server.url("/descriptions/pets-multi/openapi.yaml"))
        #expect(try facade.descriptions.servers().url == server.url("/petstore/v1"))
        // WHEN the version variable is set THEN calls go to v2
        let report = try facade.descriptions.setServerVariable("version", to: "v2")
        #expect(report.url == server.url("/petstore/v2"))
        let exchange = try facade.descriptions.call("listPets", arguments: [])
        #expect(exchange.request.fullURL == server.url("/petstore/v2/pets"))
        // AND a value the variable does not allow, or a variable that does not exist, is refused
        #expect(throws: FacadeError.invalidRequest("version must be one of v1, v2")) { try facade.descriptions.setServerVariable("version", to: "v9") }
        #expect(throws: FacadeError.self) { try facade.descriptions.setServerVariable("region", to: "eu") }
    }

    @Test func aSwagger2SpecIsReadAndCalled() throws {
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(server.url("/descriptions/swagger-pets/swagger.yaml"))
        let (api, entry) = try facade.descriptions.openAPI()
        #expect(entry.url == server.url("/petstore/v1"))
        #expect(api.document.operations.map(\.displayName) == ["listPets", "createPets", "GET /pets/{petId}"])
        let created = try facade.descriptions.call("createPets", arguments: ["name=Rex", "tag=dog"])
        #expect(created.status == 201)
        let id = try #require(created.body?["id"]?.intValue)
        let shown = try facade.descriptions.call("GET /pets/{petId}", arguments: [String(id)])
        #expect(shown.status == 200)
        #expect(shown.body?["name"] == "Rex")
        #expect(shown.warnings.isEmpty, "\(shown.warnings)")
    }

    @Test func anAPIRootIsAskedWhereItsDescriptionIs() throws {
        let server = try LiveDemoServer()
        let facade = ServiceFacade(transport: CurlTransport())
        // GIVEN a root that names its description in a Link header
        let linked = try facade.workspace.locate(server.url("/descriptions/swagger-pets"))
        #expect(linked.locator.source == server.url("/descriptions/swagger-pets/swagger.yaml"))
        // GIVEN a root whose description has a well-known name under it
        let named = try facade.workspace.locate(server.url("/descriptions/pets-multi"))
        #expect(named.locator.source == server.url("/descriptions/pets-multi/openapi.yaml"))
        // GIVEN a page that is neither THEN the error says what was tried
        do {
            try facade.workspace.locate(server.url("/echo/nothing-here"))
            Issue.record("a page without a description was located")
        } catch {
            #expect(error.description.contains("nor does it name a service description (Link: rel=\"service-desc\", openapi.json, openapi.yaml, swagger.json)"), "\(error)")
        }
    }

    @Test func theCacheAnswersARestartOfflineAndRefreshBypassesIt() throws {
        let folder = try ScratchDirectory()
        let cache = DocumentCache(directory: folder.path + "/cache")
        let server = try LiveDemoServer()
        let spec = server.url("/descriptions/pets-multi/openapi.yaml")
        // GIVEN a first start that fetched the spec and the files it refers to
        let first = ServiceFacade(transport: CurlTransport(), documentCache: cache)
        try first.workspace.locate(spec)
        #expect(cache.entry(for: spec)?.body == Data(DescriptionFixtures.multiRoot.utf8))
        #expect(cache.entry(for: server.url("/descriptions/pets-multi/common.yaml")) != nil)
        // WHEN the server is gone and apish starts again
        server.stop()
        let second = ServiceFacade(transport: CurlTransport(), documentCache: cache)
        let report = try second.workspace.locate(spec)
        // THEN the cached copies are used, each said once
        #expect(try second.descriptions.openAPI().api.document.operations.count == 3)
        #expect(report.warnings.count == 3, "\(report.warnings)")
        #expect(report.warnings.first?.hasPrefix("\(spec): ") == true)
        #expect(report.warnings.first?.hasSuffix("; using the copy cached earlier") == true)
        // AND --refresh does not fall back on the cache
        #expect(throws: FacadeError.self) { try second.workspace.locate(spec, refresh: true) }
    }

    @Test func aCachedCopyTheServerStillHasIsNotFetchedAgain() throws {
        let folder = try ScratchDirectory()
        let cache = DocumentCache(directory: folder.path + "/cache")
        let server = try LiveDemoServer()
        let spec = server.url("/descriptions/swagger-pets/swagger.yaml")
        let facade = ServiceFacade(transport: CurlTransport(), documentCache: cache)
        try facade.workspace.locate(spec)
        let stored = try #require(cache.entry(for: spec))
        #expect(stored.etag?.hasPrefix("\"") == true)
        // GIVEN the copy edited behind the server's back, under the ETag the server still has
        let edited = DescriptionFixtures.swagger.replacingOccurrences(of: "title: Swagger pets", with: "title: From the cache")
        cache.store(DocumentCache.Entry(url: spec, body: Data(edited.utf8), etag: stored.etag, lastModified: nil))
        // WHEN located again THEN the server answers 304 and the copy is what is read
        try facade.workspace.locate(spec)
        #expect(try facade.descriptions.openAPI().api.document.title == "From the cache")
        // AND --refresh fetches it afresh
        try facade.workspace.locate(spec, refresh: true)
        #expect(try facade.descriptions.openAPI().api.document.title == "Swagger pets")
    }

    @Test func aCachedDocumentIsRevalidated() throws {
        // GIVEN a cached copy with an ETag the server does not know THEN the server's answer replaces it
        let folder = try ScratchDirectory()
        let cache = DocumentCache(directory: folder.path + "/cache")
        let server = try LiveDemoServer()
        let spec = server.url("/descriptions/swagger-pets/swagger.yaml")
        cache.store(DocumentCache.Entry(url: spec, body: Data("stale: true\n".utf8), etag: "\"old\"", lastModified: nil))
        let facade = ServiceFacade(transport: CurlTransport(), documentCache: cache)
        try facade.workspace.locate(spec)
        #expect(try facade.descriptions.openAPI().api.document.title == "Swagger pets")
        #expect(cache.entry(for: spec)?.etag != "\"old\"")
        // AND the cache is private to the user
        let attributes = try FileManager.default.attributesOfItem(atPath: cache.path(for: spec) + ".body")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
