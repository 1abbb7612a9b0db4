import APIDescriptions
import HTTPClient
import HTTPTypes
import JSON

/// Where a service's requests go, decided in one place. The user's word wins over the publisher's: a
/// base set for the session (`server URL`, `--server`), else the locator entry's `url`, else (when the
/// entry's URL is its document's server) the document's servers, an operation's or path's own first.
extension DescriptionService {
    /// The base of a service entry's requests (one `operation`'s when given), and why.
    func serverBase(of entry: LocatorEntry, operation: String? = nil) -> (url: String, origin: ServerOrigin) {
        if let url = workspace.state.serverBases[entry.name.lowercased()] { return (url, .session) }
        return publishedBase(of: entry, operation: operation)
    }

    /// The base of a prepared call's request: `serverBase(of:operation:)` for the operation it carries.
    func serverBase(of call: PreparedCall) -> String {
        if let url = workspace.state.serverBases[call.entry.name.lowercased()] { return url }
        guard call.entry.urlIsDocuments else { return call.entry.url }
        let variables = serverVariables[call.entry.name.lowercased()] ?? [:]
        return call.api.baseURL(for: call.operation, entryURL: call.entry.url, variables: variables)
    }

    /// The base without the session's: the locator's, else the document's.
    private func publishedBase(of entry: LocatorEntry, operation: String?) -> (url: String, origin: ServerOrigin) {
        guard entry.urlIsDocuments, let api = workspace.openAPIDefinition(for: entry, calling: operation) else {
            return (entry.url, .locatorEntry)
        }
        let variables = serverVariables[entry.name.lowercased()] ?? [:]
        return (api.baseURL(for: operation, entryURL: entry.url, variables: variables), .document)
    }

    /// The entry `server` means: the one named, else the current service, else the locator's only one,
    /// else the first with an OpenAPI document.
    private func serverEntry(_ service: String?) throws(FacadeError) -> LocatorEntry {
        if let service { return try workspace.activeEntry(of: service) }
        if let current = workspace.currentService, let entry = try? workspace.activeEntry(of: current) { return entry }
        if let names = workspace.locator?.serviceNames, names.count == 1 { return try workspace.activeEntry(of: names[0]) }
        return try openAPI(nil).entry
    }

    /// Where a service's requests go (which service as in `serverEntry`).
    public func servers(_ service: String? = nil) throws(FacadeError) -> ServerReport {
        let entry = try serverEntry(service)
        let (url, origin) = serverBase(of: entry)
        var servers: [OpenAPIServer] = []
        var ownServers = 0
        if let api = workspace.openAPIDefinition(for: entry) {
            servers = api.document.servers
            for operation in api.document.operations where !operation.servers.isEmpty {
                ownServers += 1
                for server in operation.servers where !servers.contains(server) { servers.append(server) }
            }
        }
        return ServerReport(
            service: entry.key.description, url: url, origin: origin, servers: servers,
            values: serverVariables[entry.name.lowercased()] ?? [:],
            operationsWithOwnServers: origin == .document ? ownServers : 0,
            withoutSessionBase: origin == .session ? publishedBase(of: entry, operation: nil).url : nil)
    }

    /// Sends every later request of a service (every version) to `url`, for the session (`server URL`).
    @discardableResult
    public func setServerBase(_ url: String, service: String? = nil) throws(FacadeError) -> ServerReport {
        guard LocatorLocation.isWeb(url) else {
            throw .invalidRequest("server: \(url) is not an http(s) URL (like http://localhost:4010)")
        }
        let entry = try serverEntry(service)
        var base = url
        while base.hasSuffix("/"), base.count > 1 { base.removeLast() }
        workspace.state.serverBases[entry.name.lowercased()] = base
        return try servers(entry.name)
    }

    /// Goes back to the locator's or the document's base (`server reset`).
    @discardableResult
    public func resetServerBase(service: String? = nil) throws(FacadeError) -> ServerReport {
        let entry = try serverEntry(service)
        workspace.state.serverBases[entry.name.lowercased()] = nil
        return try servers(entry.name)
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
                ? "\(report.service) has no server variables; to send its requests elsewhere: server URL"
                : "\(report.service) has no server variable \(name) (it has \(names.joined(separator: ", ")))")
        }
        for server in declaring {
            if let problem = server.problem(setting: name, to: value) { throw .invalidRequest(problem) }
        }
        let entry = try serverEntry(service)
        serverVariables[entry.name.lowercased(), default: [:]][name] = value
        return try servers(entry.name)
    }
}
