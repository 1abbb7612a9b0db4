import JSON
/// A service apish has no model for: `GET` the URL and show whatever JSON comes back.
/// Nothing fails for want of a model.
final class GenericJSONAPI: APIDefinition {
    static let apiName = "JSON"
    let modelName = "JSON"

    init() {}

    /// The service's URL with whatever credentials are in scope for it, as `get` sends them.
    func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        Endpoint(auth: .inScope, modelName: modelName) { answer, cancellation throws(DecodeFailure) in
            let model = DecodedModel.generic(try ModelDecoding.parseBody(answer, cancellation: cancellation))
            return (model, model)
        }
    }
}
