import JSON
/// Maps a locator entry to its API definition: an entry with an `openapi` document that loaded uses the
/// OpenAPI service API; one with a `schema` that loaded the Schema API; otherwise the built-in API of
/// that name and major version; otherwise generic JSON.
public enum APICatalogue {
    /// The built-in APIs by lower-cased service name; each answers nil for a major version it lacks.
    static let builtIn: [String: @Sendable (Int) -> (any APIDefinition)?] = [
        "weather": { WeatherAPI(major: $0) },
        "stockquote": { StockQuoteAPI(major: $0) },
        "twit": { TwitAPI(major: $0) },
        "meetup": { MeetupAPI(major: $0) },
    ]

    /// The definition for an entry, given the documents loaded for it at `locate`.
    static func definition(for entry: LocatorEntry, documents: EntryDocuments) -> any APIDefinition {
        if let spec = documents.openapi {
            return OpenAPIServiceAPI(document: spec, key: entry.key)
        }
        if let schema = documents.schema {
            return SchemaAPI(schema: schema, name: entry.name)
        }
        if let make = builtIn[entry.name.lowercased()], let definition = make(entry.version.major) {
            return definition
        }
        return GenericJSONAPI()
    }
}
