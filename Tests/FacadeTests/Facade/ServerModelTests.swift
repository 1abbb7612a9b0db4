@testable import DemoAPIs
import TestSupport
@testable import Facade
import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes

/// Every built-in model, decoded from what the demo server really sends.
@Suite struct ServerModelTests {
    @Test func weatherV1DecodesTheStringTemperatureLeniently() throws {
        // GIVEN weather v1, whose temperature is the string "63"
        let server = try LiveDemoServer()
        let facade = try server.facade()
        try facade.workspace.use("weather", version: "v1")

        // WHEN refreshed
        let exchange = try facade.requests.refresh()

        // THEN it decodes into WeatherV1 with the number 63 and renders as labelled rows
        #expect(exchange.outcome == .success(status: 200))
        #expect(exchange.body?["currentTemperature"]?.stringValue == "63")
        let model = try #require(exchange.model)
        #expect(model.typeName == "WeatherV1")
        let weather = try #require(model.value as? WeatherV1)
        #expect(weather.currentTemperature.value == 63)
        #expect(weather.city == "Richmond")
        #expect(weather.state == "VA")
        #expect(exchange.service?.description == "weather v1")
        #expect(exchange.displayURL == server.url("/weather/v1"))
    }

    @Test func weatherV2DecodesStrictlyWithConditions() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        try facade.workspace.use("weather", version: "2")
        let exchange = try facade.requests.refresh(query: [FormField("city", "boston")])
        #expect(exchange.outcome == .success(status: 200))
        let weather = try #require(exchange.model?.value as? WeatherV2)
        #expect(weather.city == "Boston")
        #expect(weather.currentTemperature == exchange.body?["currentTemperature"]?.doubleValue)
        #expect(exchange.model?.typeName == "WeatherV2")
        #expect(weather.currentConditions == exchange.body?["currentConditions"]?.stringValue)
        #expect(exchange.displayURL == server.url("/weather/v2?city=boston"))
    }

    @Test func stockV1DecodesTheStringPrice() throws {
        // GIVEN stockQuote v1, whose price is a string
        let server = try LiveDemoServer()
        let facade = try server.facade()
        try facade.workspace.use("stockQuote", version: "v1")

        // WHEN refreshed
        let exchange = try facade.requests.refresh(query: [FormField("symbol", "MSFT")])

        // THEN the price is a number and renders as dollars
        let sent = try #require(exchange.body?["currentPrice"]?.stringValue)
        let stock = try #require(exchange.model?.value as? StockV1)
        #expect(stock.symbol == "MSFT")
        #expect(stock.currentPrice.value == Double(sent))
    }

    @Test func stockV2RendersPricesAndPercentChange() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let exchange = try facade.requests.refresh("stockquote")
        let stock = try #require(exchange.model?.value as? StockV2, "got \(exchange.outcome)")
        #expect(exchange.service?.description == "stockQuote v2")
        #expect(stock.symbol == "AAPL")
        #expect(stock.percentageChange == exchange.body?["percentageChange"]?.doubleValue)
        #expect(stock.percentageChange == exchange.body?["percentageChange"]?.doubleValue)
    }

    @Test func twitTimelineIsATableOfTwelve() throws {
        // GIVEN the twit API / WHEN the timeline is fetched
        let server = try LiveDemoServer()
        let facade = try server.facade()
        let exchange = try facade.twits()

        // THEN twelve twits come back, and their ids are remembered
        #expect(exchange.outcome == .success(status: 200))
        let twits = try #require(exchange.value([Twit].self))
        #expect(twits.count == 12)
        #expect(facade.lastTwits.count == 12)
        #expect(twits.map(\.id) == facade.lastTwits.map(\.id))
        #expect(twits.contains { $0.isRetwit })
        #expect(twits.contains { !$0.isRetwit })
        #expect(exchange.model?.typeName == "Envelope<[Twit]>")
        #expect(exchange.displayURL == server.url("/twit-api/twit"))
    }

    @Test func userRendersAsRows() throws {
        let server = try LiveDemoServer()
        let exchange = try server.facade().user()
        let user = try #require(exchange.model?.value as? User, "got \(exchange.outcome)")
        #expect(user.id == "u01")
        #expect(user.name == "Yujin")
        #expect(user.email == "yujin@example.com")
        #expect(user.twitCount == 12)
    }

    @Test func likeTwiceReturnsToTheOriginalCount() throws {
        // GIVEN a bearer token and the timeline fetched
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(BearerToken("demo-token"), for: .allServices)
        _ = try facade.twits()
        let original = try #require(facade.lastTwits.first)

        // WHEN the first twit is liked
        let first = try facade.like(original.id)

        // THEN the like flips, the count moves by one, and the remembered timeline follows
        let liked = try #require(first.model?.value as? LikeResult, "got \(first.outcome)")
        #expect(liked.id == original.id)
        #expect(liked.isLike == !original.isLike)
        #expect(liked.likeCount == original.likeCount + (original.isLike ? -1 : 1))
        #expect(facade.lastTwits.first?.likeCount == liked.likeCount)
        #expect(facade.lastTwits.first?.isLike == liked.isLike)

        // WHEN liked again / THEN it is back where it started
        let second = try facade.like(original.id)
        let unliked = try #require(second.model?.value as? LikeResult)
        #expect(unliked.isLike == original.isLike)
        #expect(unliked.likeCount == original.likeCount)
        #expect(facade.lastTwits.first == original)
    }

    @Test func likingAnUnknownTwitIsARequestError() throws {
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(BearerToken("demo-token"), for: .service("twit"))
        let exchange = try facade.like("zz")
        #expect(exchange.outcome == .requestError(status: 404, message: "no twit with id 'zz'"))
        #expect(throws: FacadeError.self) { try facade.like("") }
    }

    /// The KM column of a groups table, as numbers.
    private func distances(_ exchange: Exchange) throws -> [Double] {
        let page = try #require(exchange.value(GroupsPage.self), "got \(exchange.outcome)")
        return try page.results.map { try #require(page.distance(of: $0)) }
    }

    @Test func groupsNearLondonAreNearestFirst() throws {
        // GIVEN an API key and the default location (London)
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(APIKey(parameter: "key", value: "meetup-secret"), for: .service("meetup"))

        // WHEN groups near are fetched
        let exchange = try facade.groupsNear()

        // THEN they come nearest first, within the radius, rendered as a table
        let page = try #require(exchange.model?.value as? GroupsPage, "got \(exchange.outcome)")
        let km = try distances(exchange)
        #expect(!km.isEmpty)
        #expect(km == km.sorted())
        #expect(km.allSatisfy { $0 <= 25.05 })
        #expect(page.results.contains { $0.city == "London" })
        #expect(exchange.request.query.contains(FormField("key", "meetup-secret")))
    }

    @Test func withoutAPlaceMeetupSearchesItsOwnDefault() throws {
        // GIVEN a session that set no place (the core holds none)
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(APIKey(parameter: "key", value: "meetup-secret"), for: .service("meetup"))
        #expect(facade.workspace.location == nil)

        // WHEN meetup's main resource is refreshed
        let exchange = try facade.requests.refresh("meetup")

        // THEN it searched near the Meetup API's default place, London, and the session still set none
        #expect(exchange.request.query.contains(FormField("lat", "51.50998")))
        #expect(exchange.request.query.contains(FormField("lon", "-0.1337")))
        let page = try #require(exchange.model?.value as? GroupsPage, "got \(exchange.outcome)")
        #expect(page.results.contains { $0.city == "London" })
        #expect(facade.workspace.location == nil)
    }

    @Test func groupsNextFollowsMetaNextWithTheKeyReAdded() throws {
        // GIVEN a first page of three groups that has a next page
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(APIKey(parameter: "key", value: "meetup-secret"), for: .allServices)
        let first = try facade.groupsNear(page: 3)
        let firstPage = try #require(first.model?.value as? GroupsPage, "got \(first.outcome)")
        let next = try #require(firstPage.nextURL)
        #expect(!next.contains("meetup-secret"))
        #expect(facade.hasNextGroups)

        // WHEN the next page is fetched
        let second = try facade.nextGroups()

        // THEN it went to meta.next plus the key, and continues the distance order
        let secondPage = try #require(second.model?.value as? GroupsPage, "got \(second.outcome)")
        #expect(second.request.url == next)
        #expect(second.request.query == [FormField("key", "meetup-secret")])
        #expect(Set(secondPage.results.map(\.id)).isDisjoint(with: firstPage.results.map(\.id)))
        let before = try distances(first), after = try distances(second)
        let lastBefore = try #require(before.last), firstAfter = try #require(after.first)
        #expect(lastBefore <= firstAfter)
        #expect(!second.displayURL.contains("meetup-secret"))
    }

    @Test func groupsNextOnTheLastPageIsNoNextPage() throws {
        // GIVEN every group near London on one page
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(APIKey(parameter: "key", value: "k-123"), for: .service("meetup"))
        let exchange = try facade.groupsNear(page: 200)
        let page = try #require(exchange.model?.value as? GroupsPage, "got \(exchange.outcome)")
        try #require((page.meta.totalCount ?? 0) <= 200)

        // WHEN the next page is asked for / THEN there is none
        #expect(page.nextURL == nil)
        #expect(!facade.hasNextGroups)
        #expect(throws: MeetupAPI.noNextPage) { try facade.nextGroups() }
    }

    @Test func groupsWithoutAKeyIsARequestError() throws {
        let server = try LiveDemoServer()
        let exchange = try server.facade().groupsNear()
        #expect(exchange.outcome == .requestError(status: 401, message: "missing API key"))
    }

    @Test func weatherV3DecodesHumidityAndForecast() throws {
        // GIVEN the next locator with weather v3
        let server = try LiveDemoServer()
        let facade = try server.facade()
        try facade.workspace.locate("services-next.json")
        try facade.workspace.use("weather", version: "v3")

        // WHEN refreshed / THEN it decodes into WeatherV3 with humidity and a three-day forecast
        let exchange = try facade.requests.refresh()
        #expect(exchange.model?.typeName == "WeatherV3")
        let weather = try #require(exchange.value(WeatherV3.self), "got \(exchange.outcome)")
        #expect(weather.humidity == 48)
        #expect(weather.forecast?.count == 3)
        #expect(weather.forecast?.first?.day == "Mon")
    }

    @Test func unknownMajorVersionDecodesToJSON() throws {
        // GIVEN weather v9, a major version apish has no model for
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let path = try folder.write("s.json", LocatorText.document([LocatorText.entry("weather", "9", server.url("/weather/v3"))]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)

        // WHEN refreshed / THEN it is still a success, as generic JSON
        let exchange = try facade.requests.refresh("weather")
        #expect(exchange.outcome == .success(status: 200))
        #expect(exchange.model?.typeName == "JSON")
        let body = try #require(exchange.value(JSONDocument.self)).value
        #expect(body["humidity"]?.intValue == 48)
    }

    @Test func unknownServiceDecodesToJSON() throws {
        // GIVEN a locator naming a service apish has no model for
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let path = try folder.write("s.json", LocatorText.document([LocatorText.entry("mirror", "1", server.url("/echo/mirror"))]))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)

        // WHEN refreshed / THEN the body is shown as JSON
        let exchange = try facade.requests.refresh("mirror", query: [FormField("q", "1")])
        #expect(exchange.outcome == .success(status: 200))
        #expect(exchange.model?.typeName == "JSON")
        let body = try #require(exchange.value(JSONDocument.self)).value
        #expect(body["path"]?.stringValue == "/echo/mirror")
        #expect(body["query"]?["q"]?.stringValue == "1")
    }
}
