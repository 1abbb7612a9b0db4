@testable import DemoAPIs
@testable import Facade
import Testing

/// Weather and stock quotes are each a table from major version to model.
@Suite struct MainResourceAPITests {
    @Test func eachMajorInTheTableHasItsModelAndOthersHaveNoDefinition() throws {
        #expect((1...3).map { WeatherAPI(major: $0)?.modelName } == ["WeatherV1", "WeatherV2", "WeatherV3"])
        #expect((1...2).map { StockQuoteAPI(major: $0)?.modelName } == ["StockV1", "StockV2"])
        #expect(WeatherAPI(major: 0) == nil && WeatherAPI(major: 4) == nil)
        #expect(StockQuoteAPI(major: 3) == nil)
        #expect(WeatherAPI.apiName == "weather" && StockQuoteAPI.apiName == "stockQuote")
    }

    @Test func theMainResourceIsAGetOfTheEntryURLNamedAfterTheModel() throws {
        let context = APIContext(location: nil)
        let endpoint = try #require(StockQuoteAPI(major: 2)).mainResource(context)
        #expect(endpoint.method == .get)
        #expect(endpoint.path == "")
        #expect(endpoint.modelName == "StockV2")
        #expect(try #require(WeatherAPI(major: 1)).mainResource(context).modelName == "WeatherV1")
    }
}
