import JSON

/// Quotes for the five demo symbols, in the two shapes the stock service has had. These are the base
/// prices; the built-in server moves them with the clock (see `StockTicker`).
enum StockFixtures {
    private struct Quote {
        let symbol: String
        let name: String
        let openingPrice: Double
        let currentPrice: Double
    }

    private static let quotes: [Quote] = [
        Quote(symbol: "AAPL", name: "Apple Inc.", openingPrice: 546.02, currentPrice: 530.12),
        Quote(symbol: "GOOG", name: "Alphabet Inc.", openingPrice: 171.40, currentPrice: 173.25),
        Quote(symbol: "MSFT", name: "Microsoft Corporation", openingPrice: 415.50, currentPrice: 418.07),
        Quote(symbol: "AMZN", name: "Amazon.com, Inc.", openingPrice: 186.20, currentPrice: 184.71),
        Quote(symbol: "TSLA", name: "Tesla, Inc.", openingPrice: 248.50, currentPrice: 255.34),
    ]

    /// v1: the price is a string with two decimals.
    static var v1: JSONValue {
        .object(quotes.map { quote in
            (quote.symbol, .object([
                ("symbol", .string(quote.symbol)), ("name", .string(quote.name)),
                ("currentPrice", .string(JSONNumber.twoDecimals(quote.currentPrice)?.text ?? "0.00")),
            ]))
        })
    }

    static var v2: JSONValue {
        .object(quotes.map { quote in
            (quote.symbol, StockTicker.v2Record(
                symbol: quote.symbol, name: quote.name,
                openingPrice: quote.openingPrice, currentPrice: quote.currentPrice
            ))
        })
    }
}
