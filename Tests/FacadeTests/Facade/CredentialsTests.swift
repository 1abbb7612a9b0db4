import DemoAPIs
import TestSupport
@testable import Facade
import Foundation
import Testing
import Secrets
import HTTPClient
import HTTPTypes

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
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        return facade
    }

    @Test func bearerTokenIsSentAsAnAuthorizationHeaderAndNeverShown() throws {
        // GIVEN a bearer token for twit
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setCredential(BearerToken(token), for: .service("twit"))

        // WHEN a twit is liked (the echo answer does not decode, which does not matter here)
        let exchange = try facade.like("t01")

        // THEN the server saw the header, and nothing printable holds the token
        #expect(exchange.body?["headers"]?["authorization"]?.stringValue == "Bearer \(token)")
        #expect(exchange.body?["path"]?.stringValue == "/echo/twit-api/like/t01")
        #expect(exchange.body?["method"]?.stringValue == "POST")
        #expect(!exchange.displayURL.contains(token))
    }

    @Test func apiKeyIsAddedAsTheKeyQueryParameterAndNeverShown() throws {
        // GIVEN an API key for meetup
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setCredential(APIKey(parameter: "key", value: key), for: .service("meetup"))

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
        #expect(exchange.body?["headers"]?["authorization"] == nil)
    }

    @Test func credentialsOfOneServiceStayWithIt() throws {
        // GIVEN a token and a key for twit only
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setCredential(BearerToken(token), for: .service("twit"))
        facade.credentials.setCredential(APIKey(parameter: "key", value: key), for: .service("twit"))

        // WHEN weather is fetched by a raw request / THEN neither is sent to it
        let exchange = try facade.requests.send(RawRequest(method: .get, target: "weather", items: []))
        #expect(exchange.body?["headers"]?["authorization"] == nil)
        #expect(exchange.body?["query"]?["key"] == nil)
    }

    @Test func credentialsForEveryServiceGoToRawRequests() throws {
        // GIVEN a token and a key for every service
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setCredential(BearerToken(token), for: .allServices)
        facade.credentials.setCredential(APIKey(parameter: "api_key", value: key), for: .allServices)

        // WHEN a raw request goes to a service path
        let exchange = try facade.requests.send(RawRequest(method: .get, target: "weather/today", items: ["city==Boston"]))

        // THEN both are applied, and neither shows
        #expect(exchange.body?["path"]?.stringValue == "/echo/weather/today")
        #expect(exchange.body?["headers"]?["authorization"]?.stringValue == "Bearer \(token)")
        #expect(exchange.body?["query"]?["api_key"]?.stringValue == key)
        #expect(exchange.body?["query"]?["city"]?.stringValue == "Boston")
        #expect(!exchange.displayURL.contains(key))
    }

    @Test func anExplicitAuthorizationHeaderWinsOverTheStoredToken() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        facade.credentials.setCredential(BearerToken(token), for: .allServices)
        let exchange = try facade.requests.send(RawRequest(method: .get, target: "twit/user", items: ["Authorization:Bearer other-one"]))
        #expect(exchange.body?["headers"]?["authorization"]?.stringValue == "Bearer other-one")
    }

    @Test func sessionHeadersGoOnEveryRequest() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try echoingFacade(server, folder)
        try facade.credentials.setHeader("X-Trace", "abc-1", scope: nil)
        let exchange = try facade.requests.refresh("weather")
        #expect(exchange.body?["headers"]?["x-trace"]?.stringValue == "abc-1")
    }

    @Test func clearingForgetsTheCredentials() throws {
        // GIVEN credentials for one service and for all / WHEN cleared / THEN they are gone
        var credentials = Credentials()
        credentials.set(BearerToken("a-token"), for: .service("twit"))
        credentials.set(APIKey(parameter: "key", value: "a-key"), for: .allServices)
        #expect(credentials.credential(BearerToken.self, for: .service("twit"))?.token == "a-token")
        #expect(credentials.summary == ["bearer twit •••", "key every service key=•••"])
        #expect(Set(credentials.secrets) == ["a-token", "a-key"])

        credentials.clear(.service("twit"))
        #expect(credentials.all(BearerToken.self).isEmpty)
        #expect(credentials.credential(APIKey.self, for: .allServices)?.value == "a-key")
        credentials.clear(nil)
        #expect(credentials.secrets.isEmpty)
    }

    @Test func anOriginCredentialGoesToThatOriginAndPathOnly() throws {
        // GIVEN a token scoped to the echo path of the demo server, an API outside the locator
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(BearerToken("origin-secret"), for: .origin(server.url("/echo/api")))

        // WHEN requests go inside and outside that path
        let inside = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo/api/items"), items: []))
        let outside = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo/other"), items: []))
        let service = try facade.requests.refresh("weather")

        // THEN only the one inside carries it
        #expect(inside.body?["headers"]?["authorization"]?.stringValue == "Bearer origin-secret")
        #expect(outside.body?["headers"]?["authorization"] == nil)
        #expect(service.request.headers["Authorization"] == nil)
    }

    @Test func aCredentialHeaderGoesOnlyToItsScope() throws {
        // GIVEN X-Api-Key scoped to the weather service
        let server = try LiveDemoServer()
        let facade = try server.facade()
        try facade.credentials.setHeader("X-Api-Key", "hdr-secret", scope: .service("weather"))
        // WHEN weather and a URL elsewhere are asked for / THEN only weather gets it
        let weather = try facade.requests.refresh("weather")
        #expect(weather.request.headers["X-Api-Key"] == "hdr-secret")
        #expect(weather.request.credentialScopes["x-api-key"] == server.url("/weather/v2"))
        let elsewhere = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo/x"), items: []))
        #expect(elsewhere.body?["headers"]?["x-api-key"] == nil)
    }

    @Test func a401WithAnOutOfScopeCredentialGetsAHint() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(BearerToken("demo-token"), for: .origin("http://other.example"))
        let exchange = try facade.like("t01")
        #expect(exchange.status == 401)
        let hint = try #require(facade.credentials.credentialHint(for: exchange))
        #expect(hint.contains("a bearer token for http://other.example exists but is out of scope"))
    }

    @Test func theHintNamesEachKindOutOfScopeInTheOrderTheyAreTried() throws {
        // GIVEN an API key, an OAuth 2 client and a Basic login, each for another origin
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(PasswordLogin(.basic, user: "u", password: "p"), for: .origin("http://c.example"))
        facade.credentials.setCredential(APIKey(parameter: "key", value: "k"), for: .origin("http://a.example"))
        facade.credentials.setCredential(
            OAuth2Credential(OAuth2Client(tokenURL: "http://b.example/token", clientID: "id", clientSecret: "s")),
            for: .origin("http://b.example"))
        let exchange = try facade.like("t01")
        #expect(exchange.status == 401)
        // THEN the hint names them as before the schemes were types: Authorization first, then the key, then the login
        let hint = try #require(facade.credentials.credentialHint(for: exchange))
        #expect(hint.hasPrefix("an OAuth 2 client for http://b.example and an API key for http://a.example and a basic login for http://c.example exists"),
                "\(hint)")
    }
}
