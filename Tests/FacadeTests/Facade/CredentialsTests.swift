import Facade
import Foundation
import Testing

/// Credentials as they reach the server (seen through `/echo`) and as they never reach the screen.
@Suite struct CredentialsTests {
    private let token = "tok-8f2a9c"
    private let key = "key-51be77"

    /// A facade whose twit and meetup services are the echo route, so requests come back as sent.
    private func echoingFacade(_ server: LiveDemoServer, _ folder: ScratchDirectory) throws -> ServiceFacade {
        let path = try folder.write("services.json", LocatorText.document([
            LocatorText.entry("twit", "1", server.url("/echo/twit-api")),
            LocatorText.entry("meetup", "2", server.url("/echo/meetup")),
            LocatorText.entry("weather", "2", server.url("/echo/weather")),
        ]))
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.locate(path)
        return facade
    }

    @Test func bearerTokenIsSentAsAnAuthorizationHeaderAndNeverShown() throws {
        // GIVEN a bearer token for twit
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setBearer(token, for: "Twit")

        // WHEN a twit is liked (the echo answer does not decode, which does not matter here)
        let exchange = try facade.like("t01")

        // THEN the server saw the header, and nothing printable holds the token
        #expect(exchange.body?["headers"]?["authorization"]?.stringValue == "Bearer \(token)")
        #expect(exchange.body?["path"]?.stringValue == "/echo/twit-api/like/t01")
        #expect(exchange.body?["method"]?.stringValue == "POST")
        #expect(!exchange.displayURL.contains(token))
        #expect(!exchange.curlCommand.contains(token))
        #expect(exchange.curlCommand.contains("Authorization: Bearer •••"))
        #expect(exchange.curlCommand.hasPrefix("curl -X POST "))
    }

    @Test func apiKeyIsAddedAsTheKeyQueryParameterAndNeverShown() throws {
        // GIVEN an API key for meetup
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setAPIKey(parameter: "key", value: key, for: "meetup")

        // WHEN groups are searched
        let exchange = try facade.groupsNear(Coordinate(latitude: 37.5665, longitude: 126.978), radiusKm: 10, page: 5)

        // THEN the key went in the query with the search, and is masked wherever it is shown
        let query = try #require(exchange.body?["query"])
        #expect(query["key"]?.stringValue == key)
        #expect(query["lat"]?.stringValue == "37.5665")
        #expect(query["radius"]?.stringValue == "10")
        #expect(query["page"]?.stringValue == "5")
        #expect(query["offset"]?.stringValue == "0")
        #expect(!exchange.displayURL.contains(key))
        #expect(exchange.displayURL.contains("key=•••"))
        #expect(!exchange.curlCommand.contains(key))
        #expect(exchange.body?["headers"]?["authorization"] == nil)
    }

    @Test func credentialsOfOneServiceStayWithIt() throws {
        // GIVEN a token and a key for twit only
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setBearer(token, for: "twit")
        facade.credentials.setAPIKey(parameter: "key", value: key, for: "twit")

        // WHEN weather is fetched by a raw request / THEN neither is sent to it
        let exchange = try facade.send(RawRequest(method: .get, target: "weather", items: []))
        #expect(exchange.body?["headers"]?["authorization"] == nil)
        #expect(exchange.body?["query"]?["key"] == nil)
    }

    @Test func credentialsForEveryServiceGoToRawRequests() throws {
        // GIVEN a token and a key for every service
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setBearer(token, for: nil)
        facade.credentials.setAPIKey(parameter: "api_key", value: key, for: nil)

        // WHEN a raw request goes to a service path
        let exchange = try facade.send(RawRequest(method: .get, target: "weather/today", items: ["city==Boston"]))

        // THEN both are applied, and neither shows
        #expect(exchange.body?["path"]?.stringValue == "/echo/weather/today")
        #expect(exchange.body?["headers"]?["authorization"]?.stringValue == "Bearer \(token)")
        #expect(exchange.body?["query"]?["api_key"]?.stringValue == key)
        #expect(exchange.body?["query"]?["city"]?.stringValue == "Boston")
        #expect(!exchange.displayURL.contains(key))
        #expect(!exchange.curlCommand.contains(token))
        #expect(!exchange.curlCommand.contains(key))
    }

    @Test func anExplicitAuthorizationHeaderWinsOverTheStoredToken() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setBearer(token, for: nil)
        let exchange = try facade.send(RawRequest(method: .get, target: "twit/user", items: ["Authorization:Bearer other-one"]))
        #expect(exchange.body?["headers"]?["authorization"]?.stringValue == "Bearer other-one")
        #expect(!exchange.curlCommand.contains("other-one"))
    }

    @Test func sessionHeadersGoOnEveryRequest() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.headers.set("X-Trace", "abc-1")
        let exchange = try facade.refresh("weather")
        #expect(exchange.body?["headers"]?["x-trace"]?.stringValue == "abc-1")
    }

    @Test func clearingForgetsTheCredentials() throws {
        // GIVEN credentials for one service and for all / WHEN cleared / THEN they are gone
        var credentials = Credentials()
        credentials.setBearer("a-token", for: "twit")
        credentials.setAPIKey(parameter: "key", value: "a-key", for: nil)
        #expect(credentials.bearer(for: "TWIT") == "a-token")
        #expect(credentials.apiKey(for: "meetup")?.value == "a-key")
        #expect(credentials.summary == ["bearer twit •••", "key (all services) key=•••"])
        #expect(Set(credentials.secrets) == ["a-token", "a-key"])

        credentials.clear(service: "twit")
        #expect(credentials.bearer(for: "twit") == nil)
        #expect(credentials.apiKey(for: "twit")?.value == "a-key")
        credentials.clear(service: nil)
        #expect(credentials.secrets.isEmpty)
    }
}
