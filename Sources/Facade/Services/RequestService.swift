import FoundationFree
import JSON
import Secrets
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends every request through the one pipeline and remembers what came back: the last exchange, and
/// the last call as it was sent, for `edit` to send again. It owns the transport's session (cookies, TLS).
public final class RequestService {
    let transport: any Transport
    let workspace: Workspace
    let credentials: CredentialStore
    /// The last exchange recorded, whatever sent it.
    public private(set) var lastExchange: Exchange?
    /// The call behind `lastExchange`, as the pipeline was handed it, to send again with another body.
    private var lastSent: SentCall?
    /// How many exchanges have been recorded: tells whether a request came after something else the
    /// shell remembers (the result of `diff --spec`, which `expect` reads until the next request).
    public private(set) var exchangeCount = 0
    /// Which services' credentials were said to follow them to a new origin.
    private var followedCredentials = FollowedCredentialsNotice()

    init(transport: any Transport, workspace: Workspace, credentials: CredentialStore) {
        self.transport = transport
        self.workspace = workspace
        self.credentials = credentials
    }

    /// Who sees the answer of the next request `perform` sends, handed to that one request only.
    private var pendingStream: (any ResponseStreaming)?

    /// Runs `body` with `observer` seeing, as it arrives, the answer of the first request `body` sends
    /// through the pipeline (the command's own): not a description fetched on the way, nor an OAuth token.
    public func streaming<T, E: Error>(to observer: (any ResponseStreaming)?, _ body: () throws(E) -> T) throws(E) -> T {
        let previous = pendingStream
        pendingStream = observer
        defer { pendingStream = previous }
        return try body()
    }

    /// Fetches a service's main resource at its active version (or `version`) and decodes it with the
    /// model of its API definition. `query` goes into the URL (`city==Boston` → `?city=Boston`).
    public func refresh(
        _ service: String? = nil, version: String? = nil, query: [FormField] = [], cancellation: CancellationToken? = nil
    ) throws(FacadeError) -> Exchange {
        guard let name = service ?? workspace.currentService else { throw .noActiveService }
        // One lookup of the service's entries for the entry and the name it is made current by.
        let entries = try workspace.entriesOf(name)
        let entry: LocatorEntry
        if let version {
            entry = try workspace.entry(among: entries, version: version)
        } else {
            entry = try workspace.activeEntry(among: entries, of: name)
            workspace.makeCurrent(entries)
        }
        let endpoint = try workspace.definition(for: entry).mainResource(workspace.context)
        return perform(endpoint, entry: entry, query: query, isMainResource: true, cancellation: cancellation).exchange
    }

    /// Sends one operation of the API `type` (`twits`, `like`, `groups near`): to the current service when
    /// it speaks that API, else to the first service in the locator that does, at its active version.
    public func perform<API: APIDefinition, T>(
        _ type: API.Type, cancellation: CancellationToken? = nil,
        _ operation: (API) throws(FacadeError) -> Endpoint<T>
    ) throws(FacadeError) -> Exchange {
        let (api, entry) = try workspace.api(type)
        let endpoint = try operation(api)
        return perform(endpoint, entry: entry, cancellation: cancellation).exchange
    }

    /// A raw request (`get`, `post`, …). See `RawRequest` for targets and items. It goes through the same
    /// pipeline as every other request, as an endpoint: a GET of exactly the main resource decodes into its
    /// model (and feeds its state, e.g. `like` ids); a request an OpenAPI document describes is checked
    /// against it, as `call` is; anything else is a generic body. `version` sends a service path to that
    /// version rather than the active one (`compare`).
    public func send(_ raw: RawRequest, version: String? = nil, cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        let (url, entry) = try resolveTarget(raw.target, version: version)
        let body: HTTPBody
        do { body = try raw.body() } catch { throw .invalidRequest(error.description) }
        let path = entry.flatMap { entry in self.path(of: raw, url: url, below: entry) }
        let main = entry.flatMap { entry in path.flatMap { mainResource(of: entry, method: raw.method, path: $0, raw: raw) } }
        let operation = main == nil ? entry.flatMap { entry in path.flatMap { operationCheck(of: entry, method: raw.method, path: $0) } } : nil
        let endpoint = Endpoint<DecodedModel?>(
            method: raw.method, url: url, query: raw.query, headers: raw.headers, body: body, auth: operation?.auth ?? .inScope,
            modelName: main?.modelName ?? "JSON",
            decode: { answer, cancellation throws(DecodeFailure) in
                if let main {
                    let (model, value) = try main.decode(answer, cancellation)
                    main.remember(value)
                    return (model, model)
                }
                let model: DecodedModel?
                if let operation {
                    model = try operation.model(answer, cancellation: cancellation)
                } else {
                    model = try ModelDecoding.genericBody(answer, cancellation: cancellation)
                }
                return (model, model)
            },
            check: { answer in main?.check(answer) ?? operation?.warnings(answer) ?? [] })
        return perform(endpoint, entry: entry, isMainResource: main != nil, cancellation: cancellation).exchange
    }

    /// The check of the OpenAPI operation a raw request matches, if its entry's API has a document.
    private func operationCheck(of entry: LocatorEntry, method: HTTPMethod, path: String) -> OpenAPIResponseCheck? {
        workspace.openAPIDefinition(for: entry)?.check(method, path: path)
    }

    /// The main resource of an entry when a raw request asks for exactly it (GET of the same path).
    private func mainResource(of entry: LocatorEntry, method: HTTPMethod, path: String, raw: RawRequest) -> Endpoint<DecodedModel>? {
        guard method == .get, raw.fields.isEmpty,
              let endpoint = try? workspace.definition(for: entry).mainResource(workspace.context), endpoint.url == nil
        else { return nil }
        func trimmed(_ path: String) -> String { path.hasSuffix("/") ? String(path.dropLast()) : path }
        return trimmed(path) == trimmed(endpoint.path) ? endpoint : nil
    }

    /// The path a raw request asks for below its entry's URL (`/pets/1`): as typed after a service, or
    /// what an absolute URL adds to the entry's (nil when it is not below it).
    private func path(of raw: RawRequest, url: String, below entry: LocatorEntry) -> String? {
        switch raw.target {
        case .service(_, let path), .relative(let path):
            return String(path.prefix { $0 != "?" })
        case .url:
            let base = workspace.routed(entry).url
            guard url.hasPrefix(base) else { return nil }
            let rest = url.dropFirst(base.count)
            guard rest.first.map({ "/?#".contains($0) }) ?? true else { return nil }
            return String(rest.prefix { $0 != "?" && $0 != "#" })
        }
    }

    // MARK: Plumbing

    /// Sends an endpoint to a service entry (or to an absolute `url`, e.g. a `next` link) through the
    /// request pipeline and records the exchange.
    func perform<T>(
        _ endpoint: Endpoint<T>, entry: LocatorEntry?, query extra: [FormField] = [], isMainResource: Bool = false,
        cancellation: CancellationToken?
    ) -> (exchange: Exchange, value: T?) {
        let routed = entry.map(workspace.routed)
        let stream = pendingStream
        pendingStream = nil
        let sent = RequestPipeline(transport: transport, tokens: credentials.oauth2Tokens).run(
            endpoint, entry: routed, extraQuery: extra, state: workspace.state, cancellation: cancellation, stream: stream)
        var warnings = sent.warnings
        if let entry, let routed, let followed = followedCredentials.warning(
            entry: entry, routed: routed, request: sent.request, credentials: workspace.state.credentials) {
            warnings.insert(followed, at: 0)
        }
        let exchange = record(request: sent.request, entry: entry, result: sent.result, answer: sent.answer, outcome: sent.outcome,
                              model: sent.model, isMainResource: isMainResource, warnings: warnings)
        lastSent = SentCall(endpoint: endpoint, entry: entry, extraQuery: extra, isMainResource: isMainResource)
        return (exchange, sent.value)
    }

    /// The last request sent again with `body` in place of its own (`edit`): the same method, URL, query,
    /// headers and checks, with the credentials in scope for it now, through the one pipeline.
    public func resendLast(body: HTTPBody, cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        guard let last = lastSent else { throw .invalidRequest("no request yet; send one first (post URL …, call OPERATION …)") }
        return perform(last.endpoint.replacingBody(body), entry: last.entry, query: last.extraQuery,
                       isMainResource: last.isMainResource, cancellation: cancellation).exchange
    }

    func record(
        request: HTTPRequest, entry: LocatorEntry?, result: Result<HTTPResponse, TransportError>, answer: Answer? = nil,
        outcome: Outcome, model: DecodedModel?, isMainResource: Bool, warnings: [String] = []
    ) -> Exchange {
        let response = try? result.get()
        // A parse stopped by Ctrl-C is not started again here.
        let cancelled = outcome == .networkFailure(TransportError.cancelled.description)
        let answer = answer ?? response.map(Answer.init)
        let document = model?.document ?? (cancelled ? nil : answer.flatMap(Self.bodyDocument))
        let exchange = Exchange(
            service: entry?.key, method: request.method,
            displayURL: credentials.displayURL(QueryString.append(request.query, to: request.url)),
            request: request, response: response, outcome: outcome, model: model, document: document,
            bodyParseFailure: document == nil ? answer?.parseFailure?.description : nil,
            warnings: Deprecation.warnings(
                entry: entry, headers: response?.headers, latest: entry.flatMap { workspace.locator?.latest(of: $0.name)?.version })
                + warnings,
            versionSent: entry.flatMap { entry in entry.versioning.map { ($0.carrier, $0.value(for: entry)) } })
        lastExchange = exchange
        exchangeCount += 1
        // `show` and `diff` want the main resource, not the answer of an operation such as `like`.
        if let entry, model != nil, isMainResource { workspace.lastByKey[entry.key] = exchange }
        return exchange
    }

    /// A body without a model, parsed: server-sent events and declared JSON lines as an array of what came
    /// (whatever their count, so that the shape of a stream never depends on how much of it arrived; a
    /// stream that Ctrl-C ended keeps its finished events or lines, not the one it was cut in), else one
    /// JSON value, else undeclared JSON lines.
    static func bodyDocument(_ answer: Answer) -> JSONDocument? {
        let response = answer.response
        let contentType = response.headers["Content-Type"]
        if let events = ServerSentEvents.document(response.body, contentType: contentType, cutShort: response.interrupted) {
            return events
        }
        if JSONLines.isLinesContentType(contentType),
           let lines = JSONLines.document(response.body, contentType: contentType, cutShort: response.interrupted) {
            return lines
        }
        return (try? answer.document()) ?? JSONLines.document(response.body, contentType: contentType)
    }

    /// Resolves a raw target: `SERVICE[/path]`, `/path` (current service) or an absolute URL.
    func resolveTarget(_ target: RawRequest.Target, version: String? = nil) throws(FacadeError) -> (url: String, entry: LocatorEntry?) {
        switch target {
        case .url(let url):
            // Versions may share a URL (header or query versioning): the service's active one is meant.
            let inScope = workspace.locator?.entries.filter { URLScope.contains(base: workspace.routed($0).url, url: url) } ?? []
            let entry = inScope.first { workspace.activeVersion(of: $0.name) == $0.version } ?? inScope.first
            return (url, entry)
        case let .service(name, path):
            let entry = if let version { try workspace.entry(of: name, version: version) } else { try workspace.activeEntry(of: name) }
            return (RequestPipeline.joined(workspace.routed(entry).url, path), entry)
        case .relative(let path):
            guard let current = workspace.currentService else { throw .noActiveService }
            let entry = try workspace.activeEntry(of: current)
            return (RequestPipeline.joined(workspace.routed(entry).url, path), entry)
        }
    }

}

extension RequestService {
    /// The next page after the last response (`NextPage`), as an absolute URL, with where it was found.
    public func nextPage() throws(FacadeError) -> (url: String, source: NextPage.Source) {
        guard let exchange = lastExchange else {
            throw .invalidRequest("next: no response yet; run a request first (get URL, refresh, …)")
        }
        guard let response = exchange.response else {
            throw .invalidRequest("next: the last request (\(exchange.method) \(exchange.displayURL)) got no response")
        }
        guard let found = NextPage.find(headers: response.headers, body: exchange.body, base: response.url) else {
            throw .invalidRequest("next: no next page after \(exchange.method) \(exchange.displayURL) → \(response.status): "
                + #"no Link rel="next" header, and no next URL in the body ("# + NextPage.bodyPathNames + ")")
        }
        // As a redirect may: a server's link must not make apish read this machine's files or speak another protocol.
        guard let scheme = URLSchemePolicy.scheme(of: found.url), URLSchemePolicy.redirectSchemes.contains(scheme) else {
            throw .invalidRequest("next: the next page (from \(found.source)) is \(found.url), not an http(s) URL: refused")
        }
        return found
    }
}

/// The transport's own session: its cookie jar, its TLS settings, and whether a server answers at all.
extension RequestService {
    /// The session's cookies (libcurl's jar), as Netscape cookie-file lines.
    public var cookieJar: [String] { transport.cookieJar() }

    /// Puts cookies (as `cookieJar` gave them) back into the jar.
    public func restoreCookieJar(_ lines: [String]) {
        transport.restoreCookieJar(lines)
    }

    /// Empties the cookie jar.
    public func clearCookies() {
        transport.clearCookies()
    }

    /// How servers are verified and which client certificate is shown, which a profile saves.
    public var tls: TLSSettings { transport.tls }

    /// Changes how servers are verified (`tls …`, a profile put back).
    public func setTLS(_ settings: TLSSettings) {
        transport.setTLS(settings)
    }

    /// Why no server answers at an entry's URL (refused, no such host, timed out), or nil when one answers
    /// at all, whatever its status.
    public func unreachableReason(
        _ entry: LocatorEntry, timeoutMilliseconds: Int = 2_000, cancellation: CancellationToken? = nil
    ) -> String? {
        let request = HTTPRequest(method: .get, url: entry.url, timeout: timeoutMilliseconds)
        do {
            _ = try transport.send(request, cancellation: cancellation)
            return nil
        } catch {
            return error.description
        }
    }
}
