import DemoAPIs
import TestSupport
@testable import Facade
import Testing
import Secrets
import HTTPClient

/// `server URL` points a service at another origin: its service-scoped credentials follow it, said once,
/// naming the origin; origin-scoped credentials stay home.
@Suite struct FollowedCredentialsTests {
    @Test func serviceCredentialsFollowToANewOriginWithOneWarningNamingIt() throws {
        // GIVEN a service on 127.0.0.1 with a bearer token for the service and an API key for its origin only
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let path = try folder.write("services.json", LocatorText.document([LocatorText.entry("svc", "1", server.url("/echo/a"))]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        facade.credentials.setCredential(BearerToken("tok-follow-31"), for: .service("svc"))
        facade.credentials.setCredential(APIKey(parameter: "api_key", value: "key-home-42"), for: .origin(server.baseURL))
        // AND its first request at home says nothing
        #expect(try facade.requests.refresh("svc").warnings.allSatisfy { !$0.contains("credentials") })
        // WHEN server points it at another origin (the same server, by another name) and it is asked twice
        let elsewhere = server.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        try facade.descriptions.setServerBase(elsewhere + "/echo/b", service: "svc")
        let first = try facade.requests.refresh("svc")
        let second = try facade.requests.refresh("svc")
        // THEN the token went with it, the origin's key did not
        #expect(first.body?["headers"]?["authorization"]?.stringValue == "Bearer tok-follow-31")
        #expect(first.body?["query"]?["api_key"] == nil)
        // AND the first request said so once, naming the new origin; the second said nothing
        let said = first.warnings.filter { $0.contains("credentials") }
        #expect(said.count == 1, "\(first.warnings)")
        #expect(said.first?.contains(elsewhere) == true, "\(said)")
        #expect(second.warnings.allSatisfy { !$0.contains("credentials") }, "\(second.warnings)")
    }
}
