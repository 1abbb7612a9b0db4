/// The credentials an endpoint needs.
public enum AuthRequirement: Sendable, Equatable {
    case none
    /// `Authorization: Bearer <token>`.
    case bearer
    /// An API key sent as the query parameter of this name (Meetup's `key`).
    case apiKey(parameter: String)
}

/// One call of an API, typed by what it returns (`Endpoint<[Twit]>`), relative to the service's URL.
public struct Endpoint<Response: Sendable>: Sendable {
    public let method: HTTPMethod
    /// Appended to the service URL: `""` for the URL itself, `/twit`, `/like/t01`.
    public let path: String
    public let query: [FormField]
    public let auth: AuthRequirement
    /// The model's name, for messages and `--json`.
    public let modelName: String
    let decode: @Sendable (HTTPResponse) throws(DecodeFailure) -> (DecodedModel, Response)

    init(
        method: HTTPMethod, path: String, query: [FormField] = [], auth: AuthRequirement = .none, modelName: String,
        decode: @escaping @Sendable (HTTPResponse) throws(DecodeFailure) -> (DecodedModel, Response)
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.auth = auth
        self.modelName = modelName
        self.decode = decode
    }
}

extension Endpoint {
    /// An endpoint answering in the twit API's envelope, whose `data` must be present.
    static func enveloped(
        _ method: HTTPMethod, _ path: String, auth: AuthRequirement, modelName: String,
        present: @escaping @Sendable (Response) -> Presentation
    ) -> Endpoint<Response> where Response: Decodable {
        Endpoint(method: method, path: path, auth: auth, modelName: modelName) { response throws(DecodeFailure) in
            let (model, envelope) = try ModelRegistry.decode(Envelope<Response>.self, named: modelName, response: response) { _ in .json(.null) }
            guard let data = envelope.data else {
                throw DecodeFailure(path: "data", expected: "a value", found: "null")
            }
            return (DecodedModel(typeName: modelName, presentation: present(data), body: model.body, value: data), data)
        }
    }
}
