/// The two service locator documents: the stable one and the "next" one that adds weather v3 and
/// deprecates weather v1, so an upgrade can be demonstrated with no setup.
enum LocatorFixtures {
    static var services: JSON {
        .object([("services", .array(stableEntries))])
    }

    static var servicesNext: JSON {
        let weatherV1 = entry("weather", 1, "weather/v1", "Current weather; temperatures as strings")
            .setting("deprecated", to: .bool(true))
            .setting("sunset", to: .string("2027-06-30"))
        let weatherV3 = entry("weather", 3, "weather/v3", "Current weather with humidity and a three-day forecast")
        var entries = stableEntries
        entries[0] = weatherV1
        entries.insert(weatherV3, at: 2)
        return .object([("services", .array(entries))])
    }

    private static var stableEntries: [JSON] {
        [
            entry("weather", 1, "weather/v1", "Current weather; temperatures as strings"),
            entry("weather", 2, "weather/v2", "Current weather with conditions"),
            entry("stockQuote", 1, "stock/v1", "Stock quotes; prices as strings"),
            entry("stockQuote", 2, "stock/v2", "Stock quotes with opening price and change"),
            entry("twit", 1, "twit-api", "Twit timeline, user and likes (bearer auth)"),
            entry("meetup", 2, "meetup", "Meetup groups near a place (API key)"),
        ]
    }

    private static func entry(_ name: String, _ version: Int, _ url: String, _ description: String) -> JSON {
        .object([
            ("name", .string(name)),
            ("version", .int(version)),
            ("url", .string(url)),
            ("description", .string(description)),
        ])
    }
}
