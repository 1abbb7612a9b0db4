@testable import DemoAPIs
import TestSupport
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// Each API is one declared definition, picked by the catalogue from the locator entry; it owns its state.
@Suite struct APIDefinitionTests {
    private func facade(_ server: LiveDemoServer, _ entries: [String], folder: ScratchDirectory) throws -> ServiceFacade {
        let path = try folder.write("s.json", LocatorText.document(entries))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        return facade
    }

    @Test func theCatalogueMapsNameAndMajorVersionElseGenericJSON() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [
            LocatorText.entry("Weather", "3", server.url("/weather/v3")),
            LocatorText.entry("weather", "9", server.url("/weather/v3")),
            LocatorText.entry("stockQuote", "2.1", server.url("/stock/v2")),
            LocatorText.entry("twit", "1", server.url("/twit-api")),
            LocatorText.entry("twit", "2", server.url("/twit-api")),
            LocatorText.entry("meetup", "2", server.url("/meetup")),
            LocatorText.entry("mirror", "1", server.url("/echo")),
        ], folder: folder)
        func definition(_ name: String, _ version: String) throws -> any APIDefinition {
            facade.workspace.definition(for: try facade.workspace.entry(of: name, version: version))
        }
        #expect(try definition("weather", "v3") is WeatherAPI)
        #expect(try definition("weather", "v3").modelName == "WeatherV3")
        #expect(try definition("weather", "v9") is GenericJSONAPI)
        #expect(try definition("stockQuote", "v2.1").modelName == "StockV2")
        #expect(try definition("twit", "v1") is TwitAPI)
        #expect(try definition("twit", "v2") is GenericJSONAPI)
        #expect(try definition("meetup", "v2") is MeetupAPI)
        #expect(try definition("mirror", "v1") is GenericJSONAPI)
        // the same instance every time: it holds the API's state
        #expect(try definition("twit", "v1") === definition("twit", "v1"))
    }

    @Test func refreshTwitAndTwitsGoTheSameWaySoIdsFeedLike() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        #expect(facade.lastTwits.isEmpty)
        // WHEN the twit service's main resource is refreshed (not `twits`)
        let exchange = try facade.requests.refresh("twit")
        // THEN it is the timeline, and the ids are remembered for `like`
        #expect(exchange.displayURL == server.url("/twit-api/twit"))
        #expect(facade.lastTwits.count == 12)
        #expect(try facade.twits().displayURL == exchange.displayURL)
    }

    @Test func refreshMeetupKeepsThePagingThatGroupsNextNeeds() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(APIKey(parameter: "key", value: "demo-key"), for: .service("meetup"))
        #expect(throws: MeetupAPI.noNextPage) { try facade.nextGroups() }
        let first = try facade.requests.refresh("meetup")
        #expect(first.outcome.isSuccess)
        #expect(facade.hasNextGroups)
        let next = try facade.nextGroups()
        #expect(next.outcome.isSuccess, "got \(next.outcome)")
        #expect(next.displayURL.contains("offset=1"))
    }

    @Test func anOperationWithoutAServiceThatSpeaksItSaysSo() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("weather", "2", server.url("/weather/v2"))], folder: folder)
        #expect(throws: FacadeError.noService(api: "twit")) { try facade.twits() }
        #expect(FacadeError.noService(api: "twit").description == "no service in the locator speaks the twit API; try: services")
    }

    @Test func aTwitAPIWhoseWriterAndUserHaveNoIdWorks() throws {
        // GIVEN an independent twit server: writers and the user carry only a name
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("twit", "1", server.url("/twit-lite"))], folder: folder)

        // WHEN the timeline, the user and a like are asked for
        let timeline = try facade.twits()
        let user = try facade.user()
        facade.credentials.setCredential(BearerToken("demo-token"), for: .allServices)
        let like = try facade.like("t01")

        // THEN all decode: only the fields the API declares are required
        let twits = try #require(timeline.value([Twit].self), "got \(timeline.outcome)")
        #expect(twits.count == 12)
        #expect(twits.allSatisfy { $0.writer.id == nil && !$0.writer.name.isEmpty })
        #expect(timeline.body?["data"]?[0]?["writer"]?["_id"] == nil)
        let decodedUser = try #require(user.value(User.self), "got \(user.outcome)")
        #expect(decodedUser.id == nil)
        #expect(decodedUser.name == "Yujin")
        #expect(like.outcome.isSuccess, "got \(like.outcome)")
        #expect(facade.lastTwits.first?.likeCount == like.value(LikeResult.self)?.likeCount)
    }

    @Test func aMissingRequiredFieldIsStillADecodeErrorNamingIt() throws {
        // GIVEN weather v2 pointed at the echo route, whose answer has no city
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, [LocatorText.entry("weather", "2", server.url("/echo/x"))], folder: folder)
        let exchange = try facade.requests.refresh("weather")
        let failure = try #require(exchange.decodeFailure, "got \(exchange.outcome)")
        #expect(failure.path == "city")
        #expect(failure.found == "no such field")
    }
}
