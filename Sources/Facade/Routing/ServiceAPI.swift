/// The APIs apish knows by name, and the typed model of each of their major versions. A service
/// or version not listed here decodes into `JSONValue` and renders generically.
enum ServiceAPI {
    case weather, stockQuote, twit, meetup

    init?(service: String) {
        switch service.lowercased() {
        case "weather": self = .weather
        case "stockquote": self = .stockQuote
        case "twit": self = .twit
        case "meetup": self = .meetup
        default: return nil
        }
    }

    /// The model a major version's main resource (what `refresh` fetches) decodes into.
    func model(major: Int) -> RegisteredModel? {
        switch (self, major) {
        case (.weather, 1): .typed(WeatherV1.self, "WeatherV1") { .rows($0.rows) }
        case (.weather, 2): .typed(WeatherV2.self, "WeatherV2") { .rows($0.rows) }
        case (.stockQuote, 1): .typed(StockV1.self, "StockV1") { .rows($0.rows) }
        case (.stockQuote, 2): .typed(StockV2.self, "StockV2") { .rows($0.rows) }
        case (.twit, 1): RegisteredModel(TwitRouter.timelineEndpoint)
        case (.meetup, 2): RegisteredModel(MeetupRouter.page(origin: nil))
        default: nil
        }
    }
}

/// A typed model: its name and how a response becomes it.
struct RegisteredModel: Sendable {
    let name: String
    let decode: @Sendable (HTTPResponse) throws(DecodeFailure) -> DecodedModel

    /// A model decoded straight from the body and shown by `present`.
    static func typed<T: Decodable & Sendable>(
        _ type: T.Type, _ name: String, present: @escaping @Sendable (T) -> Presentation
    ) -> RegisteredModel {
        RegisteredModel(name: name) { response throws(DecodeFailure) in
            try ModelRegistry.decode(T.self, named: name, response: response, present: present).0
        }
    }

    /// The model an endpoint decodes into.
    init<Response>(_ endpoint: Endpoint<Response>) {
        self.init(name: endpoint.modelName) { response throws(DecodeFailure) in try endpoint.decode(response).0 }
    }

    init(name: String, decode: @escaping @Sendable (HTTPResponse) throws(DecodeFailure) -> DecodedModel) {
        self.name = name
        self.decode = decode
    }
}
