import Facade
import Shell
import HTTPClient
import HTTPTypes
import FoundationFree
import JSON
/// Stock quote v1: the price arrives as a string (`"530.12"`), decoded leniently.
public struct StockV1: Decodable, Sendable, Equatable {
    public let symbol: String
    public let name: String
    public let currentPrice: LenientNumber
}

/// Stock quote v2: opening and current price and the change in percent, all numbers.
public struct StockV2: Decodable, Sendable, Equatable {
    public let symbol: String
    public let name: String
    public let openingPrice: Double
    public let currentPrice: Double
    public let percentageChange: Double
}
