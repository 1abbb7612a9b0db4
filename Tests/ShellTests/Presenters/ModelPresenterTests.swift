@testable import DemoAPIs
import DemoServer
@testable import Facade
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
import APIDescriptions
@testable import Rendering

/// Every built-in model, fetched from the demo server and presented as the shell shows it.
@Suite struct ModelPresenterTests {
    let server: DemoServer
    let facade: ServiceFacade

    init() throws {
        server = DemoServer(configuration: DemoServerConfiguration())
        try server.start()
        facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(server.baseURL + "/services.json")
    }

    /// `label value` lines of a presentation made of rows.
    private func rows(_ presentation: Presentation) -> [String] {
        guard case .rows(let rows) = presentation else { return [] }
        return rows.map { "\($0.label) \($0.value)" }
    }

    private func presented(_ exchange: Exchange) throws -> Presentation {
        ModelPresenter(bundles: DemoAPIs.bundles).present(try #require(exchange.model, "got \(exchange.outcome)"))
    }

    @Test func weatherShowsDegreesFahrenheit() throws {
        try facade.workspace.use("weather", version: "v1")
        #expect(rows(try presented(facade.requests.refresh())) == ["City Richmond", "State VA", "Temperature 63°F"])
        try facade.workspace.use("weather", version: "v2")
        let lines = rows(try presented(facade.requests.refresh(query: [FormField("city", "boston")])))
        #expect(lines.first == "City Boston")
        #expect(lines.contains("Temperature 48°F"))
        #expect(lines.last == "Conditions Cloudy")
    }

    @Test func weatherV3ShowsHumidityAndAForecastTable() throws {
        // GIVEN weather v3 (humidity and a forecast) from the next locator
        try facade.workspace.locate("services-next.json")
        try facade.workspace.use("weather", version: "v3")
        let presentation = try presented(facade.requests.refresh())
        // THEN rows with humidity as a percentage, then the forecast as a small table
        guard case .sections(let parts) = presentation, parts.count == 2, case .table(let table) = parts[1] else {
            Issue.record("expected rows and a table, got \(presentation)")
            return
        }
        #expect(rows(parts[0]).contains("Humidity 48%"))
        #expect(table.columns.map(\.title) == ["DAY", "HIGH", "LOW", "CONDITIONS"])
        #expect(table.rows.first == ["Mon", "66°F", "51°F", "Cloudy"])
        let text = PresentationRenderer.render(presentation, width: 80, style: .plain)
        #expect(!text.contains("{"), "the forecast is a table, not JSON: \(text)")
    }

    @Test func stockShowsDollarsAndSignedPercent() throws {
        try facade.workspace.use("stockQuote", version: "v1")
        let v1 = rows(try presented(facade.requests.refresh(query: [FormField("symbol", "MSFT")])))
        #expect(v1.contains { $0.hasPrefix("Price $") })
        try facade.workspace.use("stockQuote", version: "v2")
        let exchange = try facade.requests.refresh()
        let stock = try #require(exchange.model?.value as? StockV2)
        let v2 = rows(try presented(exchange))
        #expect(v2.contains("Current Price \(Formatting.currency(stock.currentPrice))"))
        #expect(v2.last == "Percent Change \(Formatting.percent(stock.percentageChange))")
        #expect(v2.last?.hasSuffix("%") == true)
    }

    @Test func twitsAreATableAndTheUserRows() throws {
        let timeline = try presented(facade.requests.refresh("twit"))
        guard case .table(let table) = timeline else {
            Issue.record("expected a table, got \(timeline)")
            return
        }
        #expect(table.columns.map(\.title) == ["ID", "WRITER", "CONTENT", "LIKES", "LIKED", "RETWEET"])
        #expect(table.rows.count == 12)
        let user = rows(try presented(facade.requests.perform(TwitAPI.self) { $0.user }))
        #expect(Array(user.prefix(3)) == ["ID u01", "Name Yujin", "Email yujin@example.com"])
        #expect(user.contains("Twits 12"))
    }

    @Test func groupsShowDistanceFromThePlaceSearched() throws {
        facade.credentials.setCredential(APIKey(parameter: "key", value: "demo-key"), for: .allServices)
        let presentation = try presented(facade.requests.refresh("meetup"))
        guard case .table(let table) = presentation else {
            Issue.record("expected a table, got \(presentation)")
            return
        }
        let km = try #require(table.columns.firstIndex { $0.title == "KM" })
        let distances = table.rows.compactMap { Double($0[km]) }
        #expect(distances.count == table.rows.count)
        #expect(distances == distances.sorted())
    }
}
