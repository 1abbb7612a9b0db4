import JSON
/// A body decoded into the model of its API and version (or generic JSON). Models are data: the shell's
/// presenters decide how they look.
public final class DecodedModel: Sendable {
    /// `WeatherV2`, `Envelope<[Twit]>`, a schema's title, `JSON`.
    public let typeName: String
    /// The body as parsed, for `--json`, `let` captures, `diff` and generic rendering.
    public let document: JSONDocument
    /// The typed value (`WeatherV2`, `[Twit]`, `SchemaModel`, …), or the `JSONDocument` itself.
    public let value: any Sendable

    public init(typeName: String, document: JSONDocument, value: any Sendable) {
        self.typeName = typeName
        self.document = document
        self.value = value
    }

    /// The body as a tree, built on each use: cheap for the small bodies of models, and what a large
    /// body should not be asked for (its document writes and walks itself instead).
    public var body: JSONValue { document.value }

    /// Any JSON body, shown generically.
    static func generic(_ document: JSONDocument) -> DecodedModel {
        DecodedModel(typeName: "JSON", document: document, value: document)
    }
}
