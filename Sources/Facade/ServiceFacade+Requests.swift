import Foundation

extension ServiceFacade {
    /// Fetches a service's main resource at its active version (or `version`) and decodes it with the
    /// registered model. `query` goes into the URL (`city==Boston` → `?city=Boston`).
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
        switch ServiceAPI(service: entry.name) {
        case .twit?:
            return perform(TwitRouter.timelineEndpoint, entry: entry, query: query, cancellation: cancellation).exchange
        case .meetup?:
            guard let origin = location else { throw .noLocation }
            let route = MeetupRouter.groups(
                near: origin, radiusKm: MeetupRouter.defaultRadiusKm, page: MeetupRouter.defaultPageSize, offset: 0)
            return perform(route.endpoint,
                           entry: entry, query: query, cancellation: cancellation).exchange
        default:
            let endpoint = ResourceRouter.endpoint(service: entry.name, version: entry.version, query: query)
            return perform(endpoint, entry: entry, cancellation: cancellation).exchange
        }
    }

    /// The twit timeline; remembers the ids for `like` completion.
    public func twits(cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        let entry = try activeEntry(of: "twit")
        let (exchange, twits) = perform(TwitRouter.timelineEndpoint, entry: entry, cancellation: cancellation)
        if let twits { lastTwits = twits }
        return exchange
    }

    /// The signed-in user of the twit API.
    public func user(cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        let entry = try activeEntry(of: "twit")
        return perform(TwitRouter.userEndpoint, entry: entry, cancellation: cancellation).exchange
    }

    /// Toggles the like of a twit (bearer auth).
    public func like(_ id: String, cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        guard !id.isEmpty else { throw .invalidRequest("like needs a twit id; run twits to see them") }
        let entry = try activeEntry(of: "twit")
        let (exchange, result) = perform(TwitRouter.likeEndpoint(id: id), entry: entry, cancellation: cancellation)
        if let result, let index = lastTwits.firstIndex(where: { $0.id == result.id }) {
            let old = lastTwits[index]
            lastTwits[index] = Twit(id: old.id, content: old.content, likeCount: result.likeCount,
                                    isLike: result.isLike, isRetwit: old.isRetwit, writer: old.writer)
        }
        return exchange
    }

    /// Meetup groups near a place (the session's location when nil), nearest first.
    public func groupsNear(
        _ origin: Coordinate? = nil, radiusKm: Double = MeetupRouter.defaultRadiusKm, page: Int = MeetupRouter.defaultPageSize,
        cancellation: CancellationToken? = nil
    ) throws(FacadeError) -> Exchange {
        guard let origin = origin ?? location else { throw .noLocation }
        guard origin.isValid else { throw .invalidRequest("latitude must be within ±90 and longitude within ±180") }
        guard radiusKm > 0, radiusKm.isFinite else { throw .invalidRequest("radius must be a number of km above 0") }
        guard (1...200).contains(page) else { throw .invalidRequest("page must be between 1 and 200") }
        let entry = try activeEntry(of: "meetup")
        let route = MeetupRouter.groups(near: origin, radiusKm: radiusKm, page: page, offset: 0)
        let (exchange, groups) = perform(route.endpoint, entry: entry, cancellation: cancellation)
        if groups != nil || exchange.outcome.isSuccess {
            nextGroupsURL = groups?.nextURL
            lastGroupsOrigin = origin
        }
        return exchange
    }

    /// The page after the last `groups near` / `groups next`.
    public func nextGroups(cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        guard let next = nextGroupsURL else { throw .noNextPage }
        let entry = try activeEntry(of: "meetup")
        let (exchange, groups) = perform(MeetupRouter.page(origin: lastGroupsOrigin), entry: entry, url: next, cancellation: cancellation)
        if exchange.outcome.isSuccess { nextGroupsURL = groups?.nextURL }
        return exchange
    }

    /// Whether `groups next` has a page to fetch.
    public var hasNextGroups: Bool { nextGroupsURL != nil }

    /// A raw request (`get`, `post`, …). See `RawRequest` for targets and items.
    public func send(_ raw: RawRequest, cancellation: CancellationToken? = nil) throws(FacadeError) -> Exchange {
        let (url, entry) = try resolveTarget(raw.target)
        var query = raw.query
        var requestHeaders = headers
        if let entry { authorize(entry, auth: nil, query: &query, headers: &requestHeaders) }
        for header in raw.headers { requestHeaders.set(header.name, header.value) }
        let body = try raw.body()
        let request = HTTPRequest(method: raw.method, url: url, query: query, headers: requestHeaders, body: body)
        let result = Result { () throws(TransportError) in try transport.send(request, cancellation: cancellation) }
        let (outcome, model) = Outcome.classify(result) { response throws(DecodeFailure) -> DecodedModel? in
            guard !response.body.isEmpty else { return nil }
            if let entry, raw.target.path.isEmpty {
                return try ModelRegistry.decode(service: entry.name, version: entry.version, response: response)
            }
            guard let body = try? JSONValue.parse(response.body) else { return nil }
            return ModelRegistry.generic(body)
        }
        return record(request: request, entry: entry, result: result, outcome: outcome, model: model ?? nil)
    }

    // MARK: Plumbing

    /// Sends an endpoint to a service entry (or to an absolute `url`, e.g. a `next` link) and records the exchange.
    func perform<T>(
        _ endpoint: Endpoint<T>, entry: LocatorEntry, url: String? = nil, query extra: [FormField] = [],
        cancellation: CancellationToken?
    ) -> (exchange: Exchange, value: T?) {
        var query = endpoint.query
        for field in extra {
            query.removeAll { $0.name == field.name }
            query.append(field)
        }
        var requestHeaders = headers
        let target = url ?? joined(entry.url, endpoint.path)
        // A link the server handed us (`meta.next`) gets credentials only if it stays within the service.
        if URLScope.contains(base: entry.url, url: target) {
            authorize(entry, auth: endpoint.auth, query: &query, headers: &requestHeaders)
        }
        let request = HTTPRequest(method: endpoint.method, url: target, query: query, headers: requestHeaders)
        let result = Result { () throws(TransportError) in try transport.send(request, cancellation: cancellation) }
        let (outcome, decoded) = Outcome.classify(result, decode: endpoint.decode)
        let exchange = record(request: request, entry: entry, result: result, outcome: outcome, model: decoded?.0)
        return (exchange, decoded?.1)
    }

    /// Adds the credentials a request to `entry` carries: the bearer token as `Authorization` and the
    /// API key as its query parameter, when the endpoint asks for them (or, for raw requests, when set).
    func authorize(_ entry: LocatorEntry, auth: AuthRequirement?, query: inout [FormField], headers: inout HTTPHeaders) {
        if let token = credentials.bearer(for: entry.name), auth == nil || auth == .bearer,
           headers["Authorization"] == nil {
            headers.set("Authorization", "Bearer \(token)")
        }
        if let key = credentials.apiKey(for: entry.name) {
            let wanted: String?
            switch auth {
            case .apiKey(let parameter)?: wanted = parameter
            case nil: wanted = key.parameter
            default: wanted = nil
            }
            if let wanted, !query.contains(where: { $0.name == wanted }) {
                query.append(FormField(name: wanted, value: key.value))
            }
        }
    }

    func record(
        request: HTTPRequest, entry: LocatorEntry?, result: Result<HTTPResponse, TransportError>, outcome: Outcome,
        model: DecodedModel?
    ) -> Exchange {
        let response = try? result.get()
        let redactor = self.redactor
        let body = model?.body ?? response.flatMap { try? JSONValue.parse($0.body) }
        let exchange = Exchange(
            service: entry?.key, method: request.method,
            displayURL: redactor.redact(QueryString.append(request.query, to: request.url)),
            request: request, response: response, outcome: outcome, model: model, body: body,
            warnings: Deprecation.warnings(
                entry: entry, headers: response?.headers, latest: entry.flatMap { locator?.latest(of: $0.name)?.version }),
            curlCommand: CurlCommand.render(request, redactor: redactor))
        lastExchange = exchange
        if let entry, model != nil { lastByKey[entry.key] = exchange }
        return exchange
    }

    /// Resolves a raw target: `SERVICE[/path]`, `/path` (current service) or an absolute URL.
    func resolveTarget(_ target: RawRequest.Target) throws(FacadeError) -> (url: String, entry: LocatorEntry?) {
        switch target {
        case .url(let url):
            let entry = locator?.entries.first { URLScope.contains(base: $0.url, url: url) }
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
    /// `…/twit-api/twit?v=1`), with characters a path cannot hold (spaces) percent-encoded.
    func joined(_ base: String, _ path: String) -> String {
        guard !path.isEmpty else { return base }
        var head = base
        var tail = ""
        if let mark = base.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            head = String(base[..<mark])
            tail = String(base[mark...])
        }
        let path = path.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? path
        if head.hasSuffix("/") && path.hasPrefix("/") { return head + path.dropFirst() + tail }
        if !head.hasSuffix("/") && !path.hasPrefix("/") { return head + "/" + path + tail }
        return head + path + tail
    }

    /// What a path may hold as typed: the URL path set plus `%`, so `%20` typed by hand stays as is.
    private static let pathCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.insert("%")
        return set
    }()
}
