import JSON

/// Today's forecast for the five demo cities in the two shapes of the header-versioned `forecast`
/// service. The `2025-06-01` shape is what `schemas/forecast-2025-06-01.json` describes.
enum ForecastFixtures {
    private struct City {
        let name: String
        let state: String
        let high: Int
        let low: Int
        let summary: String
    }

    private static let cities = [
        City(name: "Richmond", state: "VA", high: 71, low: 55, summary: "Sunny"),
        City(name: "Boston", state: "MA", high: 54, low: 41, summary: "Showers"),
        City(name: "Seattle", state: "WA", high: 58, low: 47, summary: "Rain"),
        City(name: "Austin", state: "TX", high: 88, low: 67, summary: "Hot and humid"),
        City(name: "Denver", state: "CO", high: 63, low: 38, summary: "Windy"),
    ]

    /// `forecast/2024-01-01.json`: `{city, high, low, summary}`.
    static var v20240101: JSONValue {
        keyed { city in
            ["city": .string(city.name), "high": .int(city.high), "low": .int(city.low), "summary": .string(city.summary)]
        }
    }

    /// `forecast/2025-06-01.json`: `{location:{city,state}, temperature:{high,low,unit}, summary, updated}`.
    static var v20250601: JSONValue {
        keyed { city in
            [
                "location": ["city": .string(city.name), "state": .string(city.state)],
                "temperature": ["high": .int(city.high), "low": .int(city.low), "unit": "F"],
                "summary": .string(city.summary),
                "updated": "2025-06-01T12:00:00Z",
            ]
        }
    }

    private static func keyed(_ record: (City) -> JSONValue) -> JSONValue {
        .object(cities.map { ($0.name.lowercased(), record($0)) })
    }
}
