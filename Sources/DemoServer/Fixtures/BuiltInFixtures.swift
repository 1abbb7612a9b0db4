import JSON

/// The fixture documents compiled into the binary, by relative path. A copied `apish` serves its demo
/// without any files beside it.
enum BuiltInFixtures {
    /// Paths in the order `DemoFixtures.write(to:)` writes them.
    static let paths = [
        "services.json", "services-next.json",
        "weather/v1.json", "weather/v2.json", "weather/v3.json",
        "stock/v1.json", "stock/v2.json",
        "twit-api/twits.json", "twit-api/user.json",
        "meetup/groups.json",
        "services-real.json",
        "forecast/2024-01-01.json", "forecast/2025-06-01.json",
        "inventory/2024-05-01.json", "inventory/2025-01-15.json",
        "catalog/v1.json", "catalog/v2.json",
        "price/v1.json",
        "twit-lite/twits.json", "twit-lite/user.json",
        "schemas/forecast-2024-01-01.json", "schemas/forecast-2025-06-01.json", "schemas/price.json",
        "services-openapi.json",
        "petstore/pets.json",
        "specs/petstore-v1.json", "specs/petstore-v2.json", "specs/petstore-v3.json",
        "specs/vault.json",
        "specs/weather-v1.json", "specs/weather-v2.json", "specs/weather-v3.json",
        "specs/stock-v1.json", "specs/stock-v2.json",
    ]

    /// Built once, on first use; the documents never change afterwards.
    static let documents: [String: JSONValue] = [
        "services.json": LocatorFixtures.services,
        "services-next.json": LocatorFixtures.servicesNext,
        "weather/v1.json": WeatherFixtures.v1,
        "weather/v2.json": WeatherFixtures.v2,
        "weather/v3.json": WeatherFixtures.v3,
        "stock/v1.json": StockFixtures.v1,
        "stock/v2.json": StockFixtures.v2,
        "twit-api/twits.json": TwitFixtures.twits,
        "twit-api/user.json": TwitFixtures.user,
        "meetup/groups.json": .array(MeetupGroupGenerator.groups()),
        "services-real.json": LocatorFixtures.servicesReal,
        "forecast/2024-01-01.json": ForecastFixtures.v20240101,
        "forecast/2025-06-01.json": ForecastFixtures.v20250601,
        "inventory/2024-05-01.json": InventoryFixtures.v20240501,
        "inventory/2025-01-15.json": InventoryFixtures.v20250115,
        "catalog/v1.json": CatalogFixtures.v1,
        "catalog/v2.json": CatalogFixtures.v2,
        "price/v1.json": PriceFixtures.v1,
        "twit-lite/twits.json": TwitFixtures.liteTwits,
        "twit-lite/user.json": TwitFixtures.liteUser,
        "schemas/forecast-2024-01-01.json": SchemaFixtures.forecast20240101,
        "schemas/forecast-2025-06-01.json": SchemaFixtures.forecast20250601,
        "schemas/price.json": SchemaFixtures.price,
        "services-openapi.json": LocatorFixtures.servicesOpenAPI,
        "petstore/pets.json": PetstoreFixtures.pets,
        "specs/petstore-v1.json": PetstoreSpecV1.document,
        "specs/petstore-v2.json": PetstoreSpecV2.document,
        "specs/vault.json": VaultSpec.document,
        "specs/petstore-v3.json": PetstoreSpecV3.document,
        "specs/weather-v1.json": WeatherSpec.v1,
        "specs/weather-v2.json": WeatherSpec.v2,
        "specs/weather-v3.json": WeatherSpec.v3,
        "specs/stock-v1.json": StockSpec.v1,
        "specs/stock-v2.json": StockSpec.v2,
    ]

    /// The file form of every document (pretty JSON), identical to what `DemoFixtures.write(to:)` writes,
    /// so a folder made with `--init` serves the same bytes as the built-in set.
    static let files: [String: [UInt8]] = documents.mapValues { document in
        [UInt8](document.encodedData(pretty: true)) + [UInt8(ascii: "\n")]
    }
}
