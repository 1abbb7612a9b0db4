import Shell
import FoundationFree
import Facade
import HTTPClient
import HTTPTypes
import JSON

extension Endpoint where Response: Decodable & Sendable {
    /// An endpoint answering in the twit API's `{status, success, message, data}` envelope, whose `data`
    /// must be present; the model is the data.
    static func enveloped(
        _ method: HTTPMethod, _ path: String, auth: AuthRequirement, modelName: String
    ) -> Endpoint<Response> {
        Endpoint(method: method, path: path, auth: auth, modelName: modelName) { answer, cancellation throws(DecodeFailure) in
            let (model, envelope) = try ModelDecoding.model(
                Envelope<Response>.self, named: modelName, answer: answer, cancellation: cancellation)
            guard let data = envelope.data else {
                throw DecodeFailure(path: "data", expected: "a value", found: "null")
            }
            return (DecodedModel(typeName: modelName, document: model.document, value: data), data)
        }
    }
}
