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

    /// The typed value when it is exactly a `T`, else nil. The types are compared before anything is cast: a
    /// cast that fails walks the runtime's conformance records, and a presenter asks each of its models' types
    /// in turn. Models are value types, so being exactly a `T` is the only way to be one.
    @inlinable public func value<T>(as type: T.Type) -> T? {
        guard ObjectIdentifier(Swift.type(of: value)) == ObjectIdentifier(type) else { return nil }
        return value as? T
    }

    /// Any JSON body, shown generically.
    static func generic(_ document: JSONDocument) -> DecodedModel {
        DecodedModel(typeName: "JSON", document: document, value: document)
    }
}
