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
        ServiceAPI(service: service)?.model(major: version.major)?.name ?? "JSON"
    }

    /// Decodes the answer of a service's main resource (`refresh`) with its registered model, or as JSON.
    static func decode(service: String, version: ServiceVersion, response: HTTPResponse) throws(DecodeFailure) -> DecodedModel {
        if let model = ServiceAPI(service: service)?.model(major: version.major) {
            return try model.decode(response)
        }
        return generic(try ModelDecoding.parseBody(response))
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
