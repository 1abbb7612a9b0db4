import DemoAPIs
import TestSupport
@testable import Facade
import Testing
import Secrets
import HTTPClient
import HTTPTypes

/// Every request to a service's origin carries its credentials, whatever command makes it: `refresh` and
/// `diff` (which refreshes each version) of a service apish has no model for, or whose model is a JSON
/// Schema, send what `get` to the same URL sends.
@Suite struct MainResourceCredentialsTests {
    @Test func refreshOfAGenericOrSchemaServiceSendsTheCredentialsInScope() throws {
        // GIVEN a generic JSON service and a JSON-Schema-model service, both the echo route, with a bearer
        // token and an API key set for each
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        _ = try folder.write("any.json", #"{"type":"object"}"#)
        let path = try folder.write("services.json", LocatorText.document([
            LocatorText.entry("plain", "1", server.url("/echo/plain")),
            LocatorText.entry("modelled", "1", server.url("/echo/modelled"), extra: #""schema":"any.json""#),
        ]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        for service in ["plain", "modelled"] {
            facade.credentials.setCredential(BearerToken("tok-\(service)-77"), for: .service(service))
            facade.credentials.setCredential(APIKey(parameter: "api_key", value: "key-\(service)-88"), for: .service(service))
            // WHEN the service is refreshed, at its active version and at a version named (as diff does)
            for version in [nil, "1"] {
                let exchange = try facade.requests.refresh(service, version: version)
                // THEN both went out, as `get` sends them
                #expect(exchange.body?["headers"]?["authorization"]?.stringValue == "Bearer tok-\(service)-77", "\(service)")
                #expect(exchange.body?["query"]?["api_key"]?.stringValue == "key-\(service)-88", "\(service)")
                let sent = try facade.requests.send(RawRequest(method: .get, target: service, items: []))
                #expect(sent.body?["headers"]?["authorization"] == exchange.body?["headers"]?["authorization"], "\(service)")
            }
        }
    }
}
