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
    ]

    /// Built once, on first use; the documents never change afterwards.
    static let documents: [String: JSON] = [
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
    ]

    /// The file form of every document (pretty JSON), identical to what `DemoFixtures.write(to:)` writes,
    /// so a folder made with `--init` serves the same bytes as the built-in set.
    static let files: [String: [UInt8]] = documents.mapValues { JSONWriter.encode($0, pretty: true) }
}
