/// A body decoded into the model of its API and version (or generic JSON). Models are data: the shell's
/// presenters decide how they look.
public struct DecodedModel: Sendable {
    /// `WeatherV2`, `Envelope<[Twit]>`, a schema's title, `JSON`.
    public let typeName: String
    /// The body as JSON, for `--json`, `let` captures, `diff` and generic rendering.
    public let body: JSONValue
    /// The typed value (`WeatherV2`, `[Twit]`, `SchemaModel`, …) or the `JSONValue` itself.
    public let value: any Sendable

    public init(typeName: String, body: JSONValue, value: any Sendable) {
        self.typeName = typeName
        self.body = body
        self.value = value
    }

    /// Any JSON body, shown generically.
    static func generic(_ body: JSONValue) -> DecodedModel {
        DecodedModel(typeName: "JSON", body: body, value: body)
    }
}
