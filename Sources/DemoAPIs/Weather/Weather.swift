import Facade
import Shell
import HTTPClient
import HTTPTypes
import FoundationFree
import JSON
/// Weather v1: the temperature arrives as a string (`"63"`), decoded leniently.
public struct WeatherV1: Decodable, Sendable, Equatable {
    public let city: String
    public let state: String
    public let currentTemperature: LenientNumber
}

/// Weather v2: a numeric temperature and the current conditions. Strict: a string temperature is drift.
public struct WeatherV2: Decodable, Sendable, Equatable {
    public let city: String
    public let state: String
    public let currentTemperature: Double
    public let currentConditions: String
}

/// Weather v3: v2 plus humidity (percent) and a short forecast, both optional.
public struct WeatherV3: Decodable, Sendable, Equatable {
    /// One day of the forecast.
    public struct Day: Decodable, Sendable, Equatable {
        public let day: String
        public let high: Double?
        public let low: Double?
        public let conditions: String?
    }

    public let city: String
    public let state: String
    public let currentTemperature: Double
    public let currentConditions: String
    public let humidity: Double?
    public let forecast: [Day]?
}
