import JSON

/// `specs/stock-vN.json`: the stock quote service's two versions described, their examples the base quotes
/// (the built-in server moves its prices with the clock; the mock answers the base, the same every time).
enum StockSpec {
    static var v1: JSONValue {
        spec(1, "Stock quotes; prices as strings", "StockV1", [
            "type": "object",
            "required": ["symbol", "name", "currentPrice"],
            "properties": [
                "symbol": symbol, "name": ["type": "string"],
                "currentPrice": ["type": "string", "pattern": "^[0-9]+\\.[0-9]{2}$", "description": "Dollars, as a string"],
            ],
        ], StockFixtures.v1)
    }

    static var v2: JSONValue {
        spec(2, "Stock quotes with opening price and change", "StockV2", [
            "type": "object",
            "required": ["symbol", "name", "openingPrice", "currentPrice", "percentageChange"],
            "properties": [
                "symbol": symbol, "name": ["type": "string"],
                "openingPrice": ["type": "number", "minimum": 0, "description": "Dollars"],
                "currentPrice": ["type": "number", "minimum": 0, "description": "Dollars"],
                "percentageChange": ["type": "number", "description": "Since the opening, in percent"],
            ],
        ], StockFixtures.v2)
    }

    private static var symbol: JSONValue {
        ["type": "string", "pattern": "^[A-Z]{1,5}$"]
    }

    private static func spec(_ major: Int, _ description: String, _ schemaName: String, _ schema: JSONValue, _ records: JSONValue) -> JSONValue {
        MainResourceSpec(
            title: "Demo Stock Quotes", version: "\(major).0.0", description: description, server: "/stock/v\(major)",
            operationId: "getQuote", summary: "The quote of one symbol",
            parameter: ("symbol", "The ticker symbol (AAPL, GOOG, MSFT, AMZN, TSLA)", "AAPL"),
            schemaName: schemaName, schema: schema, records: records
        ).document
    }
}
