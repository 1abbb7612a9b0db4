import Foundation
import Testing
import JSON
@testable import DemoServer
@testable import HTTPServer

@Suite("Stock API")
struct StockAPITests {
    @Test func v1SendsThePriceAsATwoDecimalString() throws {
        try withServer { server in
            let quote = try fetch(server, "/stock/v1?symbol=AAPL").decode(StockV1.self)
            #expect(quote.symbol == "AAPL")
            #expect(quote.name == "Apple Inc.")
            #expect(quote.currentPrice.wholeMatch(of: /\d+\.\d\d/) != nil, "\(quote.currentPrice)")
            let price = try #require(Double(quote.currentPrice))
            #expect(abs(price - 530.12) <= 530.12 * 0.0125)
        }
    }

    @Test func v2SendsNumbersWithAConsistentChange() throws {
        try withServer { server in
            let response = try fetch(server, "/stock/v2?symbol=msft")
            let quote = try response.decode(StockV2.self)
            #expect(quote.symbol == "MSFT")
            #expect(quote.openingPrice == 415.50)
            let expected = (quote.currentPrice - quote.openingPrice) / quote.openingPrice * 100
            #expect(abs(quote.percentageChange - expected) < 0.006)
            #expect(response.text.contains(#""openingPrice":415.50"#))
            #expect(response.text.wholeMatch(of: /.*"currentPrice":\d+\.\d\d,.*/) != nil, "\(response.text)")
        }
    }

    @Test func symbolDefaultsToAAPLAndUnknownIs404() throws {
        try withServer { server in
            #expect(try fetch(server, "/stock/v2").decode(StockV2.self).symbol == "AAPL")
            let unknown = try fetch(server, "/stock/v1?symbol=ZZZZ")
            #expect(unknown.status == 404)
            #expect(try unknown.decode(ServerErrorBody.self).error == "unknown symbol 'ZZZZ'")
        }
    }

    @Test func everyBuiltInSymbolAnswers() throws {
        try withServer { server in
            for symbol in ["AAPL", "GOOG", "MSFT", "AMZN", "TSLA"] {
                let quote = try fetch(server, "/stock/v2?symbol=\(symbol)").decode(StockV2.self)
                #expect(quote.symbol == symbol)
            }
        }
    }

    @Test func pricesMoveDeterministicallyWithTheClock() {
        let first = StockTicker.movedPrice(530.12, symbol: "AAPL", at: 1_000_000)
        #expect(first == StockTicker.movedPrice(530.12, symbol: "AAPL", at: 1_000_000))
        #expect(first != StockTicker.movedPrice(530.12, symbol: "AAPL", at: 1_000_060))
        let samples = stride(from: 0.0, to: 300, by: 7).map { StockTicker.movedPrice(100, symbol: "TSLA", at: $0) }
        #expect(samples.allSatisfy { abs($0 - 100) <= 1.2 + 1e-9 })
    }

    @Test func builtInRouterUsesTheInjectedClock() throws {
        var router = DemoRouter(fixtures: FixtureStore(source: .builtIn), faultsEnabled: false)
        router.clock = { 1_234_567 }
        let request = HTTPRequest(method: "GET", target: "/stock/v1?symbol=GOOG", path: "/stock/v1",
                                  pathSegments: ["stock", "v1"], query: [("symbol", "GOOG")], minorVersion: 1, headers: [])
        let context = RequestContext(connection: Connection(descriptor: -1), baseURL: "http://x")
        let response = router.respond(to: request, context: context)
        let expected = try #require(JSONNumber.twoDecimals(StockTicker.movedPrice(173.25, symbol: "GOOG", at: 1_234_567))).text
        #expect(String(decoding: response.bodyBytes, as: UTF8.self).contains(#""currentPrice":"\#(expected)""#))
    }
}
