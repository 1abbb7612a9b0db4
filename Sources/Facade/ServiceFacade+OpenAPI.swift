import APIDescriptions
import HTTPClient
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

    /// The service whose active document has an operation (an operationId, or `METHOD /path`): the named
    /// one; else the current service when it has it; else the one other service that has it. Several
    /// others are `ambiguousOperation`; none is the service `openAPI(_:)` picks, whose document then
    /// reports the operation as unknown.
    public func operationOwner(_ operation: String, service: String? = nil) throws(FacadeError) -> (api: OpenAPIServiceAPI, entry: LocatorEntry) {
        if let service { return try openAPI(service) }
        if let current = currentService, let entry = try? activeEntry(of: current), let api = try? openAPI(of: entry),
           api.document.operation(named: operation) != nil {
            return (api, entry)
        }
        var owners: [(api: OpenAPIServiceAPI, entry: LocatorEntry)] = []
        for name in locator?.serviceNames ?? [] {
            guard let entry = try? activeEntry(of: name), let api = try? openAPI(of: entry),
                  api.document.operation(named: operation) != nil
            else { continue }
            owners.append((api, entry))
        }
        if owners.count > 1 { throw .ambiguousOperation(operation, services: owners.map(\.entry.name)) }
        if let only = owners.first { return only }
        return try openAPI(nil)
    }

    /// Sends one operation of a service's active version (`call OPERATION ARG…`; which service as in
    /// `operationOwner(_:service:)`), its answer checked against the document. An unknown operation, or
    /// (with `checked`) a request the document does not allow, is refused before anything is sent.
    public func call(
        _ operation: String, arguments: [String], service: String? = nil, checked: Bool = true,
        readFile: RawRequest.FileReader? = nil, cancellation: CancellationToken? = nil
    ) throws(FacadeError) -> Exchange {
        let (api, entry) = try operationOwner(operation, service: service)
        let baseURL = api.baseURL(for: operation, entryURL: entry.url, variables: serverVariables[entry.name.lowercased()] ?? [:])
        // The reader left such servers out; a server variable set since must not bring one back. (The
        // entry's own URL is the locator's to choose.)
        if baseURL != entry.url, LocatorLocation.isWeb(api.document.source), !LocatorLocation.isWeb(baseURL) {
            throw .invalidRequest("\(operation): its server \(baseURL) is not an http(s) URL, and a document from the web "
                + "sends no request to this machine")
        }
        let endpoint = try api.call(operation, arguments: arguments, baseURL: baseURL, checked: checked, readFile: readFile)
        return perform(endpoint, entry: entry, cancellation: cancellation).exchange
    }

    /// Where a service's requests go now: its document's servers with the variables `server set` gave,
    /// and the servers of its paths and operations that declare their own.
    public struct ServerReport: Sendable {
        public let service: String
        public let url: String
        public let servers: [OpenAPIServer]
        public let values: [String: String]
    }

    /// The servers of a service's OpenAPI document (which service as in `openAPI(_:)`).
    public func servers(_ service: String? = nil) throws(FacadeError) -> ServerReport {
        let (api, entry) = try openAPI(service)
        let values = serverVariables[entry.name.lowercased()] ?? [:]
        var servers = api.document.servers
        for operation in api.document.operations {
            for server in operation.servers where !servers.contains(server) { servers.append(server) }
        }
        return ServerReport(
            service: entry.key.description, url: api.baseURL(for: nil, entryURL: entry.url, variables: values),
            servers: servers, values: values)
    }

    /// Gives a server variable a value for the service's later calls (`server set region=eu`): a
    /// variable of any of its servers, and one of the values it allows when it lists them.
    @discardableResult
    public func setServerVariable(_ name: String, to value: String, service: String? = nil) throws(FacadeError) -> ServerReport {
        let report = try servers(service)
        let declaring = report.servers.filter { $0.variables.contains { $0.name == name } }
        guard !declaring.isEmpty else {
            let names = Set(report.servers.flatMap { $0.variables.map(\.name) }).sorted()
            throw .invalidRequest(names.isEmpty
                ? "\(report.service) has no server variables"
                : "\(report.service) has no server variable \(name) (it has \(names.joined(separator: ", ")))")
        }
        for server in declaring {
            if let problem = server.problem(setting: name, to: value) { throw .invalidRequest(problem) }
        }
        let (_, entry) = try openAPI(service)
        serverVariables[entry.name.lowercased(), default: [:]][name] = value
        return try servers(service)
    }
}
