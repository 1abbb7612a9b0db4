import JSON
import HTTPClient
import HTTPTypes
import APIDescriptions
/// A service described by an OpenAPI 3 document (`"openapi"` in its locator entry, or a locator that is
/// itself the document): `call` sends any of its operations, and every answer is checked against the
/// document (see `OpenAPIResponseCheck`). Its main resource, which `refresh`, `diff` and `watch` fetch,
/// is the document's `GET /`, the server URL itself, when it declares one; otherwise the URL as generic
/// JSON. It keeps no state between calls.
public final class OpenAPIServiceAPI: APIDefinition {
    public static let apiName = "OpenAPI"
    /// The whole document; a description a first load outlined is read whole when this is first asked for.
    public var document: OpenAPIDocument {
        switch source {
        case .document(let document): document
        case .description(let description): description.document
        }
    }
    /// The operations as `ops` and completion list them, without reading a whole that is not read yet.
    public var operations: [OperationListing] {
        switch source {
        case .document(let document): document.operations.map(\.listing)
        case .description(let description): description.operations
        }
    }
    /// `info.title` and `info.version`, known without reading the whole.
    public var heading: (title: String, version: String) {
        switch source {
        case .document(let document): (document.title, document.version)
        case .description(let description): (description.summary.title, description.summary.version)
        }
    }
    /// Why the whole document could not be read, once it was needed: a first load outlined it, and the
    /// whole read found what the outline does not look for (a broken schema).
    public var problem: String? {
        guard case .description(let description) = source else { return nil }
        return description.problem
    }
    /// The operation `refresh` sends: `GET /` (or `GET ""`), when declared.
    var mainOperation: OpenAPIOperation? { main.operation }
    public var modelName: String { main.modelName }
    /// `petstore v1`, for warnings.
    private let service: String
    private let source: Source
    private lazy var main = Self.main(of: document)

    /// Where the document comes from: read already, or held by the locator until first needed.
    private enum Source {
        case document(OpenAPIDocument)
        case description(LoadedDescription)
    }

    init(document: OpenAPIDocument, key: ServiceKey) {
        source = .document(document)
        service = key.description
    }

    init(description: LoadedDescription, key: ServiceKey) {
        source = .description(description)
        service = key.description
    }

    private static func main(of document: OpenAPIDocument) -> (operation: OpenAPIOperation?, modelName: String) {
        let main = document.operations.first { $0.method == .get && ($0.path == "/" || $0.path.isEmpty) }
        let modelName = main.flatMap { operation in
            document.responseSchema(of: operation, status: 200).schema.map(OpenAPIResponseCheck.modelName)
                ?? operation.operationId
        } ?? GenericJSONAPI.apiName
        return (main, modelName)
    }

    public func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        guard let operation = mainOperation else { return try GenericJSONAPI().mainResource(context) }
        return endpoint(operation, url: nil, query: [], headers: [], body: .none).erased()
    }

    /// The request of `call OPERATION ARG…` (`OpenAPICall` reads the arguments) for an operation of this
    /// document, to `baseURL`; refused before anything is sent when a required parameter is missing.
    func call(
        _ operation: OpenAPIOperation, arguments: [String], baseURL: String, checked: Bool = true, readFile: RawRequest.FileReader? = nil
    ) throws(FacadeError) -> Endpoint<DecodedModel?> {
        do {
            let request = try OpenAPICall.build(operation, baseURL: baseURL, arguments: arguments, checked: checked,
                                                readFile: readFile)
            return endpoint(operation, url: request.url, query: request.query, headers: request.headers, body: request.body,
                            pathAsBuilt: true)
        } catch {
            throw .operation(error)
        }
    }

    /// Where a call goes: the operation's own (or its path's) first server, else the entry's URL; the
    /// document's first server instead when variables are set and the entry's URL is that server's.
    /// `name` nil asks for the service's own URL.
    func baseURL(for name: String?, entryURL: String, variables: [String: String]) -> String {
        baseURL(for: name.flatMap(document.operation(named:)), entryURL: entryURL, variables: variables)
    }

    /// `baseURL(for:entryURL:variables:)` of an operation already found.
    func baseURL(for operation: OpenAPIOperation?, entryURL: String, variables: [String: String]) -> String {
        if let server = operation?.servers.first {
            return server.url(variables)
        }
        if !variables.isEmpty, let server = document.servers.first, entryURL == document.serverURL {
            return server.url(variables)
        }
        return entryURL
    }

    /// How an answer to a raw request (`get petstore/pets/1`) is checked: as the operation whose method
    /// and path template match (`GET /pets/{id}`), the one with most literal segments when several do.
    func check(_ method: HTTPMethod, path: String) -> OpenAPIResponseCheck? {
        document.operation(method, matchingPath: path).map { OpenAPIResponseCheck(document: document, operation: $0, service: service) }
    }

    private func endpoint(
        _ operation: OpenAPIOperation, url: String?, query: [FormField], headers: [FormField], body: HTTPBody,
        pathAsBuilt: Bool = false
    ) -> Endpoint<DecodedModel?> {
        let check = OpenAPIResponseCheck(document: document, operation: operation, service: service)
        return Endpoint(
            method: operation.method, url: url, query: query, headers: headers, body: body, auth: check.auth,
            modelName: operation.displayName, pathAsBuilt: pathAsBuilt,
            decode: { answer, cancellation throws(DecodeFailure) in
                let model = try check.model(answer, cancellation: cancellation)
                return (model, model)
            },
            check: check.warnings)
    }
}
