/// Services whose main resource is the locator URL itself (weather, stockQuote, and any service
/// without a router): `GET {url}?name=value…`, decoded by the model registered for the version.
public enum ResourceRouter {
    static func endpoint(service: String, version: ServiceVersion, query: [FormField]) -> Endpoint<DecodedModel> {
        Endpoint(method: .get, path: "", query: query, modelName: ModelRegistry.typeName(service: service, version: version)) {
            response throws(DecodeFailure) in
            let model = try ModelRegistry.decode(service: service, version: version, response: response)
            return (model, model)
        }
    }
}
