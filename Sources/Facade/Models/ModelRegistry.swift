/// A body decoded into the model registered for its service and version (or generic JSON).
public struct DecodedModel: Sendable {
    /// `WeatherV2`, `Envelope<[Twit]>`, `JSON`.
    public let typeName: String
    public let presentation: Presentation
    /// The body as JSON, for `--json`, `let` captures and `diff`.
    public let body: JSONValue
    /// The typed value (`WeatherV2`, `[Twit]`, …) or the `JSONValue` itself.
    public let value: any Sendable
}

/// Which typed model a (service, major version) decodes into, and how it renders.
/// Services and versions without one decode into `JSONValue`: nothing fails for want of a model.
public enum ModelRegistry {
    /// The model type name for a service version, `JSON` when there is none.
    public static func typeName(service: String, version: ServiceVersion) -> String {
        switch (service.lowercased(), version.major) {
        case ("weather", 1): "WeatherV1"
        case ("weather", 2): "WeatherV2"
        case ("stockquote", 1): "StockV1"
        case ("stockquote", 2): "StockV2"
        case ("twit", 1): "Envelope<[Twit]>"
        case ("meetup", 2): "GroupsPage"
        default: "JSON"
        }
    }

    /// Decodes the answer of a service's main resource (`refresh`).
    static func decode(service: String, version: ServiceVersion, response: HTTPResponse) throws(DecodeFailure) -> DecodedModel {
        let body = try ModelDecoding.parseBody(response)
        func typed<T: Decodable & Sendable>(_ type: T.Type, _ present: (T) -> Presentation) throws(DecodeFailure) -> DecodedModel {
            let value = try ModelDecoding.decode(T.self, from: response, body: body)
            return DecodedModel(typeName: typeName(service: service, version: version), presentation: present(value), body: body, value: value)
        }
        switch (service.lowercased(), version.major) {
        case ("weather", 1): return try typed(WeatherV1.self) { .rows($0.rows) }
        case ("weather", 2): return try typed(WeatherV2.self) { .rows($0.rows) }
        case ("stockquote", 1): return try typed(StockV1.self) { .rows($0.rows) }
        case ("stockquote", 2): return try typed(StockV2.self) { .rows($0.rows) }
        default: return generic(body)
        }
    }

    /// Decodes a body into a typed model with the given presentation.
    static func decode<T: Decodable & Sendable>(
        _ type: T.Type, named name: String, response: HTTPResponse, present: (T) -> Presentation
    ) throws(DecodeFailure) -> (DecodedModel, T) {
        let body = try ModelDecoding.parseBody(response)
        let value = try ModelDecoding.decode(T.self, from: response, body: body)
        return (DecodedModel(typeName: name, presentation: present(value), body: body, value: value), value)
    }

    /// Any JSON body, rendered generically.
    static func generic(_ body: JSONValue) -> DecodedModel {
        DecodedModel(typeName: "JSON", presentation: .json(body), body: body, value: body)
    }
}
