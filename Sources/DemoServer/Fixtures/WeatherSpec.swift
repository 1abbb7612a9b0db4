import JSON

/// `specs/weather-vN.json`: the weather service's three versions described, their examples the records the
/// demo serves, so `mock` (and `present --mock`) answers as the demo does.
enum WeatherSpec {
    static var v1: JSONValue {
        spec(1, "Current weather; temperatures as strings", "WeatherV1", record(temperature: [
            "type": "string", "pattern": "^-?[0-9]+$", "description": "Degrees Fahrenheit, as a string",
        ]), WeatherFixtures.v1)
    }

    static var v2: JSONValue {
        spec(2, "Current weather with conditions", "WeatherV2", record(), WeatherFixtures.v2)
    }

    static var v3: JSONValue {
        var schema = record()
        let day: JSONValue = [
            "type": "object",
            "required": ["day", "high", "low", "conditions"],
            "properties": [
                "day": ["type": "string"], "high": ["type": "integer"], "low": ["type": "integer"],
                "conditions": ["type": "string"],
            ],
        ]
        schema = schema.setting("properties", to: (schema["properties"] ?? [:])
            .setting("humidity", to: ["type": "integer", "minimum": 0, "maximum": 100, "description": "Percent"])
            .setting("forecast", to: ["type": "array", "maxItems": 3, "items": day, "description": "The next three days"]))
        return spec(3, "Current weather with humidity and a three-day forecast", "WeatherV3", schema, WeatherFixtures.v3)
    }

    private static func spec(_ major: Int, _ description: String, _ schemaName: String, _ schema: JSONValue, _ records: JSONValue) -> JSONValue {
        MainResourceSpec(
            title: "Demo Weather", version: "\(major).0.0", description: description, server: "/weather/v\(major)",
            operationId: "getWeather", summary: "The current weather in one city",
            parameter: ("city", "The city (Richmond, Boston, Seattle, Austin, Denver)", "Richmond"),
            schemaName: schemaName, schema: schema, records: records
        ).document
    }

    /// v2's record (a number and the conditions); v1 passes its string temperature.
    private static func record(temperature: JSONValue = ["type": "integer", "description": "Degrees Fahrenheit"]) -> JSONValue {
        let v2 = temperature["type"] == "integer"
        var properties: [(String, JSONValue)] = [
            ("city", ["type": "string"]), ("state", ["type": "string", "pattern": "^[A-Z]{2}$"]),
            ("currentTemperature", temperature),
        ]
        if v2 { properties.append(("currentConditions", ["type": "string"])) }
        let required: [JSONValue] = ["city", "state", "currentTemperature"] + (v2 ? ["currentConditions"] : [])
        return ["type": "object", "required": .array(required), "properties": .object(JSONObject(properties))]
    }
}
