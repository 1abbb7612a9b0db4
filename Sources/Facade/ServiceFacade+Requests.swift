import FoundationFree
import JSON
import Secrets
import HTTPClient
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

    /// A raw request (`get`, `post`, …). See `RawRequest` for targets and items.
    public func send(_ raw: RawRequest, cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        let (url, entry) = try resolveTarget(raw.target)
        var query = raw.query
        var requestHeaders = headers
        var scopes: [String: String] = [:]
        authorize(entry, url: url, auth: nil, query: &query, headers: &requestHeaders, scopes: &scopes)
        if let entry { entry.versioning?.apply(entry, headers: &requestHeaders, query: &query) }
        for header in raw.headers { requestHeaders.set(header.name, header.value) }
        let body: HTTPBody
        do { body = try raw.body() } catch { throw .invalidRequest(error.description) }
        var request = HTTPRequest(method: raw.method, url: url, query: query, headers: requestHeaders, body: body)
        request.credentialScopes = scopes
        request.recordsSentHeaders = recordsSentHeaders
        // A GET of exactly the main resource decodes into its model (and feeds its state, e.g. `like` ids);
        // a request an OpenAPI document describes is checked against it, as `call` is.
        let path = entry.flatMap { entry in self.path(of: raw, url: url, below: entry) }
        let main = entry.flatMap { entry in path.flatMap { mainResource(of: entry, method: raw.method, path: $0, raw: raw) } }
        let operation = main == nil ? entry.flatMap { entry in path.flatMap { operationCheck(of: entry, method: raw.method, path: $0) } } : nil
        let result = Result { () throws(TransportError) in try transport.send(request, cancellation: cancellation) }
        let (outcome, model) = Outcome.classify(result) { response throws(DecodeFailure) -> DecodedModel? in
            if let main {
                let (model, value) = try main.decode(response, cancellation)
                main.remember(value)
                return model
            }
            if let operation { return try operation.model(response, cancellation: cancellation) }
            return try ModelDecoding.genericBody(response, cancellation: cancellation)
        }
        let checks = (try? result.get()).map { response in main?.check(response) ?? operation?.warnings(response) ?? [] } ?? []
        return record(request: request, entry: entry, result: result, outcome: outcome, model: model ?? nil,
                      isMainResource: main != nil, warnings: checks)
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
            guard url.hasPrefix(entry.url) else { return nil }
            let rest = url.dropFirst(entry.url.count)
            guard rest.first.map({ "/?#".contains($0) }) ?? true else { return nil }
            return String(rest.prefix { $0 != "?" && $0 != "#" })
        }
    }

    /// What definitions may use from the session.
    var context: APIContext { APIContext(location: location) }

    // MARK: Plumbing

    /// Sends an endpoint to a service entry (or to an absolute `url`, e.g. a `next` link) and records the exchange.
    func perform<T>(
        _ endpoint: Endpoint<T>, entry: LocatorEntry, query extra: [FormField] = [], isMainResource: Bool = false,
        cancellation: CancellationToken?
    ) -> (exchange: Exchange, value: T?) {
        var query = endpoint.query
        for field in extra {
            query.removeAll { $0.name == field.name }
            query.append(field)
        }
        var requestHeaders = headers
        let target = endpoint.url ?? joined(entry.url, endpoint.path)
        // A link the server handed us (`meta.next`) gets credentials only if it stays within the service.
        var scopes: [String: String] = [:]
        authorize(entry, url: target, auth: endpoint.auth == .inScope ? nil : endpoint.auth, query: &query,
                  headers: &requestHeaders, scopes: &scopes)
        if let versioning = entry.versioning, URLScope.contains(base: entry.url, url: target) {
            versioning.apply(entry, headers: &requestHeaders, query: &query)
        }
        for header in endpoint.headers { requestHeaders.set(header.name, header.value) }
        var request = HTTPRequest(method: endpoint.method, url: target, query: query, headers: requestHeaders, body: endpoint.body)
        request.credentialScopes = scopes
        request.recordsSentHeaders = recordsSentHeaders
        let result = Result { () throws(TransportError) in try transport.send(request, cancellation: cancellation) }
        let (outcome, decoded) = Outcome.classify(result) { response throws(DecodeFailure) in
            try endpoint.decode(response, cancellation)
        }
        if let value = decoded?.1 { endpoint.remember(value) }
        let checks = (try? result.get()).map(endpoint.check) ?? []
        let exchange = record(request: request, entry: entry, result: result, outcome: outcome, model: decoded?.0 ?? nil,
                              isMainResource: isMainResource, warnings: checks)
        return (exchange, decoded?.1)
    }

    /// Adds the credentials a request for `url` carries: the bearer token as `Authorization`, the API key as
    /// its query parameter (when the endpoint asks for them, or for raw requests when set) and credential
    /// headers; each only within its scope, which is also noted so that no redirect carries it further.
    func authorize(
        _ entry: LocatorEntry?, url: String, auth: AuthRequirement?, query: inout [FormField], headers: inout HTTPHeaders,
        scopes: inout [String: String]
    ) {
        let applicable = credentials.applicable(to: url, service: entry.map { ($0.name, $0.url) })
        if let (token, base) = applicable.bearer, auth == nil || auth == .bearer, headers["Authorization"] == nil {
            headers.set("Authorization", "Bearer \(token)")
            scopes["authorization"] = base
        }
        if let (key, _) = applicable.apiKey {
            let wanted: String?
            switch auth {
            case .apiKey(let parameter)?: wanted = parameter
            case nil: wanted = key.parameter
            default: wanted = nil
            }
            // A query parameter is part of the URL: a redirect's Location never repeats it.
            if let wanted, !query.contains(where: { $0.name == wanted }) {
                query.append(FormField(name: wanted, value: key.value))
            }
        }
        for header in applicable.headers where headers[header.name] == nil {
            headers.set(header.name, header.value)
            scopes[header.name.lowercased()] = header.base
        }
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
        request: HTTPRequest, entry: LocatorEntry?, result: Result<HTTPResponse, TransportError>, outcome: Outcome,
        model: DecodedModel?, isMainResource: Bool, warnings: [String] = []
    ) -> Exchange {
        let response = try? result.get()
        // A parse stopped by Ctrl-C is not started again here.
        let cancelled = outcome == .networkFailure(TransportError.cancelled.description)
        let document = model?.document ?? (cancelled ? nil : response.flatMap { response in
            (try? JSONDocument.parse(response.body))
                ?? JSONLines.document(response.body, contentType: response.headers["Content-Type"])
        })
        let exchange = Exchange(
            service: entry?.key, method: request.method,
            displayURL: displayURL(QueryString.append(request.query, to: request.url)),
            request: request, response: response, outcome: outcome, model: model, document: document,
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

    /// Resolves a raw target: `SERVICE[/path]`, `/path` (current service) or an absolute URL.
    func resolveTarget(_ target: RawRequest.Target) throws(FacadeError) -> (url: String, entry: LocatorEntry?) {
        switch target {
        case .url(let url):
            // Versions may share a URL (header or query versioning): the service's active one is meant.
            let inScope = locator?.entries.filter { URLScope.contains(base: $0.url, url: url) } ?? []
            let entry = inScope.first { activeVersion(of: $0.name) == $0.version } ?? inScope.first
            return (url, entry)
        case let .service(name, path):
            let entry = try activeEntry(of: name)
            return (joined(entry.url, path), entry)
        case .relative(let path):
            guard let current = currentService else { throw .noActiveService }
            let entry = try activeEntry(of: current)
            return (joined(entry.url, path), entry)
        }
    }

    /// The service URL with `path` appended: before the URL's own query (`…/twit-api?v=1` + `/twit` →
    /// `…/twit-api/twit?v=1`), with characters a path cannot hold (spaces) percent-encoded. A query typed
    /// after the path (`/anything?a=1`, a captured `next_page_uri`) stays a query, after the URL's own.
    func joined(_ base: String, _ typed: String) -> String {
        guard !typed.isEmpty else { return base }
        var head = base
        var tail = ""
        if let mark = base.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            head = String(base[..<mark])
            tail = String(base[mark...])
        }
        var path = Substring(typed)
        if let question = typed.firstIndex(of: "?") {
            path = typed[..<question]
            let query = PercentEncoding.encode(String(typed[typed.index(after: question)...]), keeping: Self.isQueryByte)
            if !query.isEmpty {
                let fragment = tail.firstIndex(of: "#").map { tail[$0...] } ?? ""
                let own = tail.prefix { $0 != "#" }
                tail = (own.isEmpty ? "?" : own.hasSuffix("?") || own.hasSuffix("&") ? String(own) : own + "&") + query + fragment
            }
        }
        let encoded = PercentEncoding.encode(String(path), keeping: Self.isPathByte)
        guard !encoded.isEmpty else { return head + tail }
        if head.hasSuffix("/") && encoded.hasPrefix("/") { return head + encoded.dropFirst() + tail }
        if !head.hasSuffix("/") && !encoded.hasPrefix("/") { return head + "/" + encoded + tail }
        return head + encoded + tail
    }

    /// What a path may hold as typed: the URL path set plus `%`, so `%20` typed by hand stays as is.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isURLPathAllowed(byte) || byte == UInt8(ascii: "%")
    }

    /// What a typed query may hold as typed: the URL query set plus `%`.
    private static func isQueryByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isURLQueryAllowed(byte) || byte == UInt8(ascii: "%")
    }
}
