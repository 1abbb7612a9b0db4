import APIDescriptions
import HTTPClient
import HTTPTypes
import JSON
import FoundationFree
/// The services' OpenAPI descriptions: which one has an operation, `call`, and where each service's
/// requests go (its servers and their variables).
public final class DescriptionService {
    let workspace: Workspace
    let requests: RequestService
    /// Server variables set with `server set`, per service (lower-cased name).
    var serverVariables: [String: [String: String]] = [:]

    init(workspace: Workspace, requests: RequestService) {
        self.workspace = workspace
        self.requests = requests
    }

    /// The OpenAPI definition of a service's active version and its entry. Without a name: the current
    /// service when it has a document, else the first service in the locator that has one.
    public func openAPI(_ service: String? = nil) throws(FacadeError) -> (api: OpenAPIServiceAPI, entry: LocatorEntry) {
        if let service {
            let entry = try workspace.activeEntry(of: service)
            return (try openAPI(of: entry), entry)
        }
        guard let locator = workspace.locator else { throw .noLocator }
        for name in (workspace.currentService.map { [$0] } ?? []) + locator.serviceNames {
            guard let entry = try? workspace.activeEntry(of: name), let api = workspace.openAPIDefinition(for: entry) else { continue }
            return (api, entry)
        }
        if let current = workspace.currentService, let entry = try? workspace.activeEntry(of: current) {
            throw .noOpenAPI(service: entry.key.description, problem: workspace.documents[entry.key]?.openapiProblem)
        }
        // A service that names a document apish could not use says why, rather than that none names one.
        if let unusable = unusableDocuments().first {
            throw .noOpenAPI(service: unusable.service, problem: unusable.problem)
        }
        throw .noOpenAPI(service: nil, problem: nil)
    }

    /// The active versions whose locator entry names an OpenAPI document apish could not use, with why
    /// (`pets v1`, `dangling $ref …`), in the locator's order: what an operation unknown everywhere else may be in.
    public func unusableDocuments() -> [(service: String, problem: String)] {
        (workspace.locator?.serviceNames ?? []).compactMap { name in
            guard let entry = try? workspace.activeEntry(of: name), let problem = workspace.documents[entry.key]?.openapiProblem else { return nil }
            return (entry.key.description, problem)
        }
    }

    /// The OpenAPI definition of one entry, or why it has none; with `operation`, the one that calls it
    /// (`Workspace.openAPIDefinition(for:calling:)`).
    public func openAPI(of entry: LocatorEntry, calling operation: String? = nil) throws(FacadeError) -> OpenAPIServiceAPI {
        if let api = workspace.openAPIDefinition(for: entry, calling: operation) { return api }
        throw .noOpenAPI(service: entry.key.description, problem: workspace.documents[entry.key]?.openapiProblem)
    }

    /// The whole OpenAPI documents of several entries (`diff --spec` reads two), those not read yet read
    /// at once on the machine's processors; the first entry without one is the error `openAPI(of:)` gives.
    public func openAPIDocuments(of entries: [LocatorEntry]) throws(FacadeError) -> [OpenAPIDocument] {
        LoadedDescription.readTogether(entries.compactMap { workspace.documents[$0.key]?.openapi })
        var documents: [OpenAPIDocument] = []
        for entry in entries { documents.append(try openAPI(of: entry).document) }
        return documents
    }

    /// The service whose active document has an operation (an operationId, or `METHOD /path`): the named
    /// one; else the current service when it has it; else the one other service that has it. Several
    /// others are `ambiguousOperation`; none is the service `openAPI(_:)` picks, whose document then
    /// reports the operation as unknown.
    public func operationOwner(_ operation: String, service: String? = nil) throws(FacadeError) -> (api: OpenAPIServiceAPI, entry: LocatorEntry) {
        let owner = try owner(of: operation, service: service)
        return (owner.api, owner.entry)
    }

    /// `operationOwner` with the operation found there, so that `prepare` looks it up once; nil when the
    /// owner is the fallback of `openAPI(_:)`, or the service named, and its document lacks it.
    private func owner(
        of operation: String, service: String?
    ) throws(FacadeError) -> (api: OpenAPIServiceAPI, entry: LocatorEntry, operation: OpenAPIOperation?) {
        if let service {
            let entry = try workspace.activeEntry(of: service)
            let api = try openAPI(of: entry, calling: operation)
            return (api, entry, api.document.operation(named: operation))
        }
        if let current = workspace.currentService, let entry = try? workspace.activeEntry(of: current),
           !workspace.lacksOperation(operation, in: entry), let api = try? openAPI(of: entry, calling: operation),
           let found = api.document.operation(named: operation) {
            return (api, entry, found)
        }
        var owners: [(api: OpenAPIServiceAPI, entry: LocatorEntry, operation: OpenAPIOperation?)] = []
        for name in workspace.locator?.serviceNames ?? [] {
            guard let entry = try? workspace.activeEntry(of: name), !workspace.lacksOperation(operation, in: entry),
                  let api = try? openAPI(of: entry, calling: operation),
                  let found = api.document.operation(named: operation)
            else { continue }
            owners.append((api, entry, found))
        }
        if owners.count > 1 { throw .ambiguousOperation(operation, services: owners.map(\.entry.name)) }
        if let only = owners.first { return only }
        let fallback = try openAPI(nil)
        return (fallback.api, fallback.entry, nil)
    }

    /// Resolves `call OPERATION ARG…` once: the service whose active version has the operation (an
    /// operationId, or `METHOD /path`; which service as in `operationOwner(_:service:)`) and the
    /// operation itself. An unknown operation is refused here, before anything is built.
    public func prepare(_ operation: String, service: String? = nil, arguments: [String], checked: Bool = true) throws(FacadeError) -> PreparedCall {
        let owner = try owner(of: operation, service: service)
        guard let found = owner.operation else {
            // Not there: the document's own refusal, which names the operations it has.
            return try prepare(operation, of: (owner.api, owner.entry), arguments: arguments, checked: checked)
        }
        return PreparedCall(api: owner.api, entry: owner.entry, operation: found, arguments: arguments, checked: checked)
    }

    /// `prepare` against one version's definition already found (`openAPI(of:)`): what `compare` and
    /// `impact` send or dry-run on each version.
    public func prepare(
        _ operation: String, of owner: (api: OpenAPIServiceAPI, entry: LocatorEntry), arguments: [String], checked: Bool = true
    ) throws(FacadeError) -> PreparedCall {
        // A description a first load outlined says here, where it is first read whole, why it cannot be.
        if let problem = owner.api.problem { throw .noOpenAPI(service: owner.entry.key.description, problem: problem) }
        let found: OpenAPIOperation
        do { found = try owner.api.document.requireOperation(named: operation) } catch { throw .operation(error) }
        return PreparedCall(api: owner.api, entry: owner.entry, operation: found, arguments: arguments, checked: checked)
    }

    /// Sends a prepared call to where its service's requests go (`serverBase`), its answer checked against
    /// the document. A request the document does not allow (with `checked`) is refused before anything is sent.
    public func send(
        _ call: PreparedCall, readFile: RawRequest.FileReader? = nil, cancellation: CancellationToken? = nil
    ) throws(FacadeError) -> Exchange {
        let baseURL = serverBase(of: call)
        // The reader left such servers out; a server variable set since must not bring one back. (The
        // entry's own URL is the locator's to choose.)
        if baseURL != call.entry.url, LocatorLocation.isWeb(call.api.document.source), !LocatorLocation.isWeb(baseURL) {
            throw .invalidRequest("\(call.operation.displayName): its server \(baseURL) is not an http(s) URL, and a document from the web "
                + "sends no request to this machine")
        }
        let endpoint = try call.endpoint(baseURL: baseURL, readFile: readFile)
        return requests.perform(endpoint, entry: call.entry, cancellation: cancellation).exchange
    }

    /// Prepares and sends one operation (`prepare`, then `send`).
    public func call(
        _ operation: String, arguments: [String], service: String? = nil, checked: Bool = true,
        readFile: RawRequest.FileReader? = nil, cancellation: CancellationToken? = nil
    ) throws(FacadeError) -> Exchange {
        try send(try prepare(operation, service: service, arguments: arguments, checked: checked), readFile: readFile, cancellation: cancellation)
    }
}

extension DescriptionService {
    /// Every version of `service` in the loaded locator with its OpenAPI document, read again (the session
    /// keeps only what `call` needs).
    public func describedEntries(
        of service: String, cancellation: CancellationToken? = nil
    ) throws(FacadeError) -> (described: [DescribedEntry], warnings: [String]) {
        let entries = try workspace.entriesOf(service)
        let fetcher = DocumentFetcher(transport: workspace.transport, cache: workspace.documentCache, refresh: false)
        let (described, warnings) = DescribedEntry.read(entries, fetcher: fetcher, cancellation: cancellation)
        return (described, fetcher.warnings + warnings)
    }
}
