import JSON
import FoundationFree
extension ServiceFacade {
    /// The OpenAPI definition of a service's active version and its entry. Without a name: the current
    /// service when it has a document, else the first service in the locator that has one.
    public func openAPI(_ service: String? = nil) throws(FacadeError) -> (api: OpenAPIServiceAPI, entry: LocatorEntry) {
        if let service {
            let entry = try activeEntry(of: service)
            return (try openAPI(of: entry), entry)
        }
        guard locator != nil else { throw .noLocator }
        do {
            return try api(OpenAPIServiceAPI.self)
        } catch {
            if let current = currentService, let entry = try? activeEntry(of: current) {
                throw .noOpenAPI(service: entry.key.description, problem: documents[entry.key]?.openapiProblem)
            }
            throw .noOpenAPI(service: nil, problem: nil)
        }
    }

    /// The OpenAPI definition of one entry, or why it has none.
    public func openAPI(of entry: LocatorEntry) throws(FacadeError) -> OpenAPIServiceAPI {
        if let api = definition(for: entry) as? OpenAPIServiceAPI { return api }
        throw .noOpenAPI(service: entry.key.description, problem: documents[entry.key]?.openapiProblem)
    }

    /// Sends one operation of a service's active version (`call OPERATION ARG…`; which service as in
    /// `openAPI(_:)`), its answer checked against the document. An unknown operation or a missing
    /// required parameter is refused before anything is sent.
    public func call(
        _ operation: String, arguments: [String], service: String? = nil, cancellation: CancellationToken? = nil
    ) throws(FacadeError) -> Exchange {
        let (api, entry) = try openAPI(service)
        let endpoint = try api.call(operation, arguments: arguments, baseURL: entry.url)
        return perform(endpoint, entry: entry, cancellation: cancellation).exchange
    }
}
