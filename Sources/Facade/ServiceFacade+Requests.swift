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

extension ServiceFacade {
    /// Fetches a service's main resource at its active version (or `version`) and decodes it with the
    /// model of its API definition. `query` goes into the URL (`city==Boston` → `?city=Boston`).
    public func refresh(
        _ service: String? = nil, version: String? = nil, query: [FormField] = [], cancellation: CancellationToken? = nil
    ) throws(FacadeError) -> Exchange {
        guard let name = service ?? currentService else { throw .noActiveService }
        let entry: LocatorEntry
        if let version {
            entry = try self.entry(of: name, version: version)
        } else {
            entry = try activeEntry(of: name)
        }
        if version == nil { makeCurrent(name) }
        let endpoint = try definition(for: entry).mainResource(context)
        return perform(endpoint, entry: entry, query: query, isMainResource: true, cancellation: cancellation).exchange
    }

    /// Sends one operation of the API `type` (`twits`, `like`, `groups near`): to the current service when
    /// it speaks that API, else to the first service in the locator that does, at its active version.
    public func perform<API: APIDefinition, T>(
        _ type: API.Type, cancellation: CancellationToken? = nil,
        _ operation: (API) throws(FacadeError) -> Endpoint<T>
    ) throws(FacadeError) -> Exchange {
        let (api, entry) = try self.api(type)
        let endpoint = try operation(api)
        return perform(endpoint, entry: entry, cancellation: cancellation).exchange
    }

    /// The definition of the API `type` and the entry it serves (see `perform(_:cancellation:_:)`).
    public func api<API: APIDefinition>(_ type: API.Type) throws(FacadeError) -> (api: API, entry: LocatorEntry) {
        guard let locator else { throw .noLocator }
        let names = (currentService.map { [$0] } ?? []) + locator.serviceNames
        for name in names {
            guard let entry = try? activeEntry(of: name), let api = definition(for: entry) as? API else { continue }
            return (api, entry)
        }
        throw .noService(api: API.apiName)
    }

    /// A raw request (`get`, `post`, …). See `RawRequest` for targets and items. It goes through the same
    /// pipeline as every other request, as an endpoint: a GET of exactly the main resource decodes into its
    /// model (and feeds its state, e.g. `like` ids); a request an OpenAPI document describes is checked
    /// against it, as `call` is; anything else is a generic body.
    public func send(_ raw: RawRequest, cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        let (url, entry) = try resolveTarget(raw.target)
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
        (definition(for: entry) as? OpenAPIServiceAPI)?.check(method, path: path)
    }

    /// The main resource of an entry when a raw request asks for exactly it (GET of the same path).
    private func mainResource(of entry: LocatorEntry, method: HTTPMethod, path: String, raw: RawRequest) -> Endpoint<DecodedModel>? {
        guard method == .get, raw.fields.isEmpty,
              let endpoint = try? definition(for: entry).mainResource(context), endpoint.url == nil
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
            let base = routed(entry).url
            guard url.hasPrefix(base) else { return nil }
            let rest = url.dropFirst(base.count)
            guard rest.first.map({ "/?#".contains($0) }) ?? true else { return nil }
            return String(rest.prefix { $0 != "?" && $0 != "#" })
        }
    }

    /// What definitions may use from the session.
    var context: APIContext { APIContext(location: location) }

    // MARK: Plumbing

    /// Sends an endpoint to a service entry (or to an absolute `url`, e.g. a `next` link) through the
    /// request pipeline and records the exchange.
    func perform<T>(
        _ endpoint: Endpoint<T>, entry: LocatorEntry?, query extra: [FormField] = [], isMainResource: Bool = false,
        cancellation: CancellationToken?
    ) -> (exchange: Exchange, value: T?) {
        let sent = RequestPipeline(transport: transport, tokens: oauth2Tokens).run(
            endpoint, entry: entry.map(routed), extraQuery: extra, state: state, cancellation: cancellation)
        let exchange = record(request: sent.request, entry: entry, result: sent.result, answer: sent.answer, outcome: sent.outcome,
                              model: sent.model, isMainResource: isMainResource, warnings: sent.warnings)
        lastSent = SentCall(endpoint: endpoint.untyped(), entry: entry, extraQuery: extra, isMainResource: isMainResource)
        return (exchange, sent.value)
    }

    /// The last request sent again with `body` in place of its own (`edit`): the same method, URL, query,
    /// headers and checks, with the credentials in scope for it now, through the one pipeline.
    public func resendLast(body: HTTPBody, cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        guard let last = lastSent else { throw .invalidRequest("no request yet; send one first (post URL …, call OPERATION …)") }
        return perform(last.endpoint.replacingBody(body), entry: last.entry, query: last.extraQuery,
                       isMainResource: last.isMainResource, cancellation: cancellation).exchange
    }

    /// For a 401 or 403: credentials that exist but were out of scope for this request, as one hint line.
    public func credentialHint(for exchange: Exchange) -> String? {
        guard let status = exchange.status, status == 401 || status == 403 else { return nil }
        let entry = exchange.service.flatMap { locator?.resolve($0) }
        let unused = credentials.outOfScope(for: exchange.request.url, service: entry.map { ($0.name, $0.url) })
        guard !unused.isEmpty else { return nil }
        return "\(unused.joined(separator: " and ")) exists but is out of scope for \(exchange.displayURL); "
            + "scope one to it: auth bearer TOKEN URL"
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
            displayURL: displayURL(QueryString.append(request.query, to: request.url)),
            request: request, response: response, outcome: outcome, model: model, document: document,
            bodyParseFailure: document == nil ? answer?.parseFailure?.description : nil,
            warnings: Deprecation.warnings(
                entry: entry, headers: response?.headers, latest: entry.flatMap { locator?.latest(of: $0.name)?.version })
                + warnings,
            versionSent: entry.flatMap { entry in entry.versioning.map { ($0.carrier, $0.value(for: entry)) } })
        lastExchange = exchange
        exchangeCount += 1
        // `show` and `diff` want the main resource, not the answer of an operation such as `like`.
        if let entry, model != nil, isMainResource { lastByKey[entry.key] = exchange }
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
    func resolveTarget(_ target: RawRequest.Target) throws(FacadeError) -> (url: String, entry: LocatorEntry?) {
        switch target {
        case .url(let url):
            // Versions may share a URL (header or query versioning): the service's active one is meant.
            let inScope = locator?.entries.filter { URLScope.contains(base: routed($0).url, url: url) } ?? []
            let entry = inScope.first { activeVersion(of: $0.name) == $0.version } ?? inScope.first
            return (url, entry)
        case let .service(name, path):
            let entry = try activeEntry(of: name)
            return (RequestPipeline.joined(routed(entry).url, path), entry)
        case .relative(let path):
            guard let current = currentService else { throw .noActiveService }
            let entry = try activeEntry(of: current)
            return (RequestPipeline.joined(routed(entry).url, path), entry)
        }
    }

}

extension ServiceFacade {
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
