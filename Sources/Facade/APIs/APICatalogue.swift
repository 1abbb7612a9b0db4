import JSON

/// Maps a locator entry to its API definition: an API registered for that service name and major version
/// (unless the entry has a `schema`, which then wins); else, with an `openapi` document that loaded, the
/// OpenAPI service API; with a `schema` that loaded, the Schema API; otherwise generic JSON.
///
/// The catalogue knows no service by itself: the built-in APIs (the demo's weather, twit, …) are
/// registered by whoever wires the program (`main.swift`), each as one bundle.
public struct APICatalogue: Sendable {
    /// Makes the definition of a registered API for a major version, or nil when it has none for it.
    public typealias Make = @Sendable (_ major: Int) -> (any APIDefinition)?

    /// Registered APIs by lower-cased service name.
    private var registered: [String: Make] = [:]

    public init() {}

    /// The catalogue with `make` registered for `service` (case-insensitive), replacing an earlier one.
    public func registering(_ service: String, _ make: @escaping Make) -> APICatalogue {
        var copy = self
        copy.registered[service.lowercased()] = make
        return copy
    }

    /// Whether an API is registered for the service.
    func hasAPI(for service: String) -> Bool {
        registered[service.lowercased()] != nil
    }

    /// The definition for an entry, given the documents loaded for it at `locate`.
    /// An API registered for the entry's name and major version keeps its model even when the entry names
    /// an `openapi` document: the document then serves `call`, `ops` and the mock
    /// (`Workspace.openAPIDefinition(for:)`), and `refresh` still decodes and presents the registered model.
    func definition(for entry: LocatorEntry, documents: EntryDocuments) -> any APIDefinition {
        if documents.openapi != nil || documents.schema == nil,
           let make = registered[entry.name.lowercased()], let definition = make(entry.version.major) {
            return definition
        }
        if let spec = documents.openapi {
            return OpenAPIServiceAPI(description: spec, key: entry.key)
        }
        if let schema = documents.schema {
            return SchemaAPI(schema: schema, name: entry.name)
        }
        return GenericJSONAPI()
    }
}
