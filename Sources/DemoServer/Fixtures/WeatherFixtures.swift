import JSON

/// Current weather for the five demo cities, in the three shapes the weather service has had.
enum WeatherFixtures {
    private struct City {
        let name: String
        let state: String
        let temperature: Int
        let conditions: String
        let humidity: Int
        let forecast: [(day: String, high: Int, low: Int, conditions: String)]
    }

    private static let cities: [City] = [
        City(name: "Richmond", state: "VA", temperature: 63, conditions: "Sunny", humidity: 48, forecast: [
            ("Mon", 66, 51, "Cloudy"), ("Tue", 70, 54, "Sunny"), ("Wed", 61, 49, "Rain"),
        ]),
        City(name: "Boston", state: "MA", temperature: 48, conditions: "Cloudy", humidity: 71, forecast: [
            ("Mon", 50, 39, "Rain"), ("Tue", 47, 36, "Windy"), ("Wed", 52, 40, "Partly Cloudy"),
        ]),
        City(name: "Seattle", state: "WA", temperature: 52, conditions: "Rain", humidity: 88, forecast: [
            ("Mon", 53, 45, "Rain"), ("Tue", 55, 46, "Showers"), ("Wed", 57, 44, "Cloudy"),
        ]),
        City(name: "Austin", state: "TX", temperature: 81, conditions: "Sunny", humidity: 35, forecast: [
            ("Mon", 85, 64, "Sunny"), ("Tue", 88, 66, "Sunny"), ("Wed", 79, 61, "Thunderstorms"),
        ]),
        City(name: "Denver", state: "CO", temperature: 57, conditions: "Partly Cloudy", humidity: 22, forecast: [
            ("Mon", 60, 35, "Sunny"), ("Tue", 44, 28, "Snow"), ("Wed", 51, 31, "Partly Cloudy"),
        ]),
    ]

    /// v1: the temperature is a string, as the first version of the service sent it.
    static var v1: JSONValue {
        keyed { city in
            [("city", .string(city.name)), ("state", .string(city.state)), ("currentTemperature", .string(String(city.temperature)))]
        }
    }

    static var v2: JSONValue {
        keyed(v2Members)
    }

    static var v3: JSONValue {
        keyed { city in
            let forecast = city.forecast.map { day in
                JSONValue.object([
                    ("day", .string(day.day)), ("high", .int(day.high)),
                    ("low", .int(day.low)), ("conditions", .string(day.conditions)),
                ])
            }
            return v2Members(city) + [("humidity", .int(city.humidity)), ("forecast", .array(forecast))]
        }
    }

    private static func v2Members(_ city: City) -> [(String, JSONValue)] {
        [
            ("city", .string(city.name)), ("state", .string(city.state)),
            ("currentTemperature", .int(city.temperature)), ("currentConditions", .string(city.conditions)),
        ]
    }

    /// An object keyed by lower-cased city name, the layout of `weather/vN.json`.
    private static func keyed(_ record: (City) -> [(String, JSONValue)]) -> JSONValue {
        .object(cities.map { ($0.name.lowercased(), .object(record($0))) })
    }
}
