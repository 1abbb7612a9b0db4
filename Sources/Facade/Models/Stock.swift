/// Stock quote v1: the price arrives as a string (`"530.12"`), decoded leniently.
public struct StockV1: Decodable, Sendable, Equatable {
    public let symbol: String
    public let name: String
    public let currentPrice: LenientNumber

    public var rows: [LabelledRow] {
        [LabelledRow("Symbol", symbol), LabelledRow("Name", name),
         LabelledRow("Price", Formatting.currency(currentPrice.value))]
    }
}

/// Stock quote v2: opening and current price and the change in percent, all numbers.
public struct StockV2: Decodable, Sendable, Equatable {
    public let symbol: String
    public let name: String
    public let openingPrice: Double
    public let currentPrice: Double
    public let percentageChange: Double

    public var rows: [LabelledRow] {
        [LabelledRow("Symbol", symbol), LabelledRow("Name", name),
         LabelledRow("Opening Price", Formatting.currency(openingPrice)),
         LabelledRow("Current Price", Formatting.currency(currentPrice)),
         LabelledRow("Percent Change", Formatting.percent(percentageChange))]
    }
}
