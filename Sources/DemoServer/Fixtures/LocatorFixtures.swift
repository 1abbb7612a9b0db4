import JSON

/// The service locator documents: the stable one; the "next" one that adds weather v3 and deprecates
/// weather v1, so an upgrade can be demonstrated with no setup; the "real" one whose services version by
/// header, query and media type and carry JSON Schemas; and the OpenAPI one.
enum LocatorFixtures {
    static var services: JSONValue {
        .object([("services", .array(stableEntries))])
    }

    static var servicesNext: JSONValue {
        let weatherV1 = entry("weather", 1, "weather/v1", "Current weather; temperatures as strings", openapi: "specs/weather-v1.json")
            .setting("deprecated", to: .bool(true))
            .setting("sunset", to: .string("2027-06-30"))
        let weatherV3 = entry("weather", 3, "weather/v3", "Current weather with humidity and a three-day forecast", openapi: "specs/weather-v3.json")
        var entries = stableEntries
        entries[0] = weatherV1
        entries.insert(weatherV3, at: 2)
        return .object([("services", .array(entries))])
    }

    /// `services-real.json`: services versioned the ways real APIs do it, models from JSON Schema, and
    /// the lean twit server.
    static var servicesReal: JSONValue {
        let byHeader: JSONValue = ["header": .string(ForecastAPI.versionHeader)]
        let byQuery: JSONValue = ["query": .string(InventoryAPI.versionParameter)]
        let byMediaType: JSONValue = ["accept": "application/vnd.demo.v{version}+json"]
        return ["services": [
            ["name": "forecast", "version": "2024-01-01", "url": "forecast", "versioning": byHeader, "schema": "schemas/forecast-2024-01-01.json"],
            ["name": "forecast", "version": "2025-06-01", "url": "forecast", "versioning": byHeader, "schema": "schemas/forecast-2025-06-01.json"],
            ["name": "inventory", "version": "2024-05-01", "url": "inventory", "versioning": byQuery],
            ["name": "inventory", "version": "2025-01-15", "url": "inventory", "versioning": byQuery],
            ["name": "catalog", "version": 1, "url": "catalog", "versioning": byMediaType],
            ["name": "catalog", "version": 2, "url": "catalog", "versioning": byMediaType],
            ["name": "price", "version": 1, "url": "price/v1", "schema": "schemas/price.json"],
            ["name": "twit", "version": 1, "url": "twit-lite"],
        ]]
    }

    /// `services-openapi.json`: the three versions of the pet store, each described by its OpenAPI document.
    static var servicesOpenAPI: JSONValue {
        ["services": [
            ["name": "petstore", "version": 1, "url": "petstore/v1", "openapi": "specs/petstore-v1.json"],
            ["name": "petstore", "version": 2, "url": "petstore/v2", "openapi": "specs/petstore-v2.json"],
            ["name": "petstore", "version": 3, "url": "petstore/v3", "openapi": "specs/petstore-v3.json"],
        ]]
    }

    private static var stableEntries: [JSONValue] {
        [
            entry("weather", 1, "weather/v1", "Current weather; temperatures as strings", openapi: "specs/weather-v1.json"),
            entry("weather", 2, "weather/v2", "Current weather with conditions", openapi: "specs/weather-v2.json"),
            entry("stockQuote", 1, "stock/v1", "Stock quotes; prices as strings", openapi: "specs/stock-v1.json"),
            entry("stockQuote", 2, "stock/v2", "Stock quotes with opening price and change", openapi: "specs/stock-v2.json"),
            entry("twit", 1, "twit-api", "Twit timeline, user and likes (bearer auth)"),
            entry("meetup", 2, "meetup", "Meetup groups near a place (API key)"),
        ]
    }

    /// An entry; `openapi` names the description the mock serves for it (the demo's typed services keep
    /// their models for `refresh`).
    private static func entry(_ name: String, _ version: Int, _ url: String, _ description: String, openapi: String? = nil) -> JSONValue {
        .object([
            ("name", .string(name)),
            ("version", .int(version)),
            ("url", .string(url)),
            ("description", .string(description)),
        ] + (openapi.map { [("openapi", JSONValue.string($0))] } ?? []))
    }
}
