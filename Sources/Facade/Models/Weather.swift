/// Weather v1: temperatures arrive as strings (`"63"`), decoded leniently.
public struct WeatherV1: Decodable, Sendable, Equatable {
    public let city: String
    public let state: String
    public let currentTemperature: LenientNumber

    public var rows: [LabelledRow] {
        [LabelledRow("City", city), LabelledRow("State", state),
         LabelledRow("Temperature", Formatting.fahrenheit(currentTemperature.value))]
    }
}

/// Weather v2: numeric temperature and current conditions. Strict: a string temperature is drift.
public struct WeatherV2: Decodable, Sendable, Equatable {
    public let city: String
    public let state: String
    public let currentTemperature: Double
    public let currentConditions: String

    public var rows: [LabelledRow] {
        [LabelledRow("City", city), LabelledRow("State", state),
         LabelledRow("Temperature", Formatting.fahrenheit(currentTemperature)),
         LabelledRow("Conditions", currentConditions)]
    }
}
