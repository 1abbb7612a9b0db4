/// A service described by an OpenAPI 3 document (`"openapi"` in its locator entry, or a locator that is
/// itself the document): `call` sends any of its operations, and every answer is checked against the
/// document (see `OpenAPIResponseCheck`). Its main resource, which `refresh`, `diff` and `watch` fetch,
/// is the document's `GET /`, the server URL itself, when it declares one; otherwise the URL as generic
/// JSON. It keeps no state between calls.
public final class OpenAPIServiceAPI: APIDefinition {
    public static let apiName = "OpenAPI"
    public let document: OpenAPIDocument
    /// The operation `refresh` sends: `GET /` (or `GET ""`), when declared.
    public let mainOperation: OpenAPIOperation?
    public let modelName: String
    /// `petstore v1`, for warnings.
    private let service: String

    init(document: OpenAPIDocument, key: ServiceKey) {
        self.document = document
        self.service = key.description
        let main = document.operations.first { $0.method == .get && ($0.path == "/" || $0.path.isEmpty) }
        mainOperation = main
        modelName = main.flatMap { operation in
            document.responseSchema(of: operation, status: 200).schema.map(OpenAPIResponseCheck.modelName)
                ?? operation.operationId
        } ?? GenericJSONAPI.apiName
    }

    public func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        guard let operation = mainOperation else { return try GenericJSONAPI().mainResource(context) }
        return endpoint(operation, url: nil, query: [], headers: [], body: .none).erased()
    }

    /// The request of `call OPERATION ARG…` (`OpenAPICall` reads the arguments), to `baseURL`; refused
    /// before anything is sent when the operation is unknown or a required parameter is missing.
    public func call(_ name: String, arguments: [String], baseURL: String) throws(FacadeError) -> Endpoint<DecodedModel?> {
        do {
            let operation = try document.requireOperation(named: name)
            let request = try OpenAPICall.build(operation, baseURL: baseURL, arguments: arguments)
            return endpoint(operation, url: request.url, query: request.query, headers: request.headers, body: request.body)
        } catch {
            throw .operation(error)
        }
    }

    private func endpoint(
        _ operation: OpenAPIOperation, url: String?, query: [FormField], headers: [FormField], body: HTTPBody
    ) -> Endpoint<DecodedModel?> {
        let check = OpenAPIResponseCheck(document: document, operation: operation, service: service)
        return Endpoint(
            method: operation.method, url: url, query: query, headers: headers, body: body, auth: .inScope,
            modelName: operation.displayName,
            decode: { response throws(DecodeFailure) in
                let model = try check.model(response)
                return (model, model)
            },
            check: check.warnings)
    }
}
