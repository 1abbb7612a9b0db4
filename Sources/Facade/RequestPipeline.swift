import FoundationFree
import JSON
import Secrets
import HTTPClient
import HTTPTypes
import APIDescriptions

/// The one way a request goes out. Every command that sends something (`refresh`, the raw requests, `call`,
/// `diff`, `watch`, the operations of the built-in APIs) hands the pipeline an `Endpoint` and the entry it
/// is for, and the pipeline walks it once:
///
///     build → credentials for this URL and operation → versioning → transport → classify
///
/// after which the facade records the `Exchange`. Nothing is looked up twice and no step is repeated
/// elsewhere, so a rule (a credential's scope, the version header) holds for every command alike.
struct RequestPipeline {
    let transport: any Transport
    /// The session's OAuth 2 access tokens, fetched here, before the request that needs one is built.
    let tokens: OAuth2Tokens

    /// What one walk produced, before it is recorded.
    struct Sent<Value> {
        let request: HTTPRequest
        let result: Result<HTTPResponse, TransportError>
        /// The response with its body read once, for everything after the transport.
        let answer: Answer?
        let outcome: Outcome
        let model: DecodedModel?
        let value: Value?
        let warnings: [String]
    }

    /// Walks `endpoint` once; `stream` sees its answer as it arrives (and nothing else sent on the way,
    /// such as an OAuth token's).
    func run<T>(
        _ endpoint: Endpoint<T>, entry: LocatorEntry?, extraQuery: [FormField] = [], state: SessionState,
        cancellation: CancellationToken?, stream: (any ResponseStreaming)? = nil
    ) -> Sent<T> {
        var warnings: [String] = []
        let client = oauth2Client(for: endpoint, entry: entry, state: state)
        var token: String?
        if let client {
            switch tokens.token(for: client, transport: transport, cancellation: cancellation, warnings: &warnings) {
            case .success(let fetched): token = fetched.accessToken
            case .failure(let failure): return refused(endpoint, entry: entry, extraQuery: extraQuery, state: state, failure, warnings)
            }
        }
        var (request, unmet) = build(endpoint, entry: entry, extraQuery: extraQuery, state: state, oauth2Token: token)
        var result = Result { () throws(TransportError) in try transport.send(request, cancellation: cancellation, streamingTo: stream) }
        // A token the server no longer takes (revoked, expired early, its clock ahead): one new token, one retry.
        if let client, case .success(let response) = result, OAuth2TokenExchange.rejectsToken(response) {
            switch tokens.token(for: client, transport: transport, renewing: true, cancellation: cancellation, warnings: &warnings) {
            case .success(let renewed):
                (request, unmet) = build(endpoint, entry: entry, extraQuery: extraQuery, state: state, oauth2Token: renewed.accessToken)
                result = Result { () throws(TransportError) in try transport.send(request, cancellation: cancellation, streamingTo: stream) }
            case .failure(let failure):
                warnings.append(failure.message)
            }
        }
        let answered = result.map(Answer.init)
        var (outcome, decoded) = Outcome.classify(answered) { answer throws(DecodeFailure) in
            // What arrived of a stream that Ctrl-C ended is read whole, not stopped by that same Ctrl-C.
            try endpoint.decode(answer, answer.response.interrupted ? nil : cancellation)
        }
        // A stream cut short by Ctrl-C is not the whole answer: that it does not decode says nothing of the API.
        if case .decodeError(let status, _) = outcome, (try? result.get())?.interrupted == true {
            outcome = .success(status: status)
        }
        if let value = decoded?.1 { endpoint.remember(value) }
        let answer = try? answered.get()
        warnings += (unmet.map { [$0] } ?? []) + (answer.map(endpoint.check) ?? [])
        return Sent(request: request, result: result, answer: answer, outcome: outcome, model: decoded?.0 ?? nil,
                    value: decoded?.1, warnings: warnings)
    }

    /// The OAuth 2 client whose token this request carries, if one is in scope and the endpoint takes a bearer.
    private func oauth2Client<T>(for endpoint: Endpoint<T>, entry: LocatorEntry?, state: SessionState) -> OAuth2Client? {
        guard state.credentials.entries.contains(where: { $0.credential is OAuth2Credential }) else { return nil }
        switch endpoint.auth {
        case .inScope, .bearer: break
        case .operation(_, let security) where !security.isPublic: break
        default: return nil
        }
        let url = Self.url(of: endpoint, entry: entry)
        return state.credentials.applicable(to: url, service: entry.map { ($0.name, $0.url) }).first(OAuth2Credential.self)?.credential.client
    }

    /// A request that never left because its OAuth 2 token could not be had: the token endpoint's refusal
    /// as the outcome, in one line.
    private func refused<T>(
        _ endpoint: Endpoint<T>, entry: LocatorEntry?, extraQuery: [FormField], state: SessionState, _ failure: OAuth2Failure,
        _ warnings: [String]
    ) -> Sent<T> {
        let outcome: Outcome
        switch failure.status {
        case let status? where (400..<500).contains(status): outcome = .requestError(status: status, message: failure.message)
        case let status? where (500..<600).contains(status): outcome = .serverError(status: status, message: failure.message)
        default: outcome = .networkFailure(failure.message)
        }
        return Sent(request: build(endpoint, entry: entry, extraQuery: extraQuery, state: state).request,
                    result: .failure(.other(code: 0, message: failure.message)), answer: nil, outcome: outcome, model: nil, value: nil,
                    warnings: warnings)
    }

    /// The request an endpoint makes: its URL under the entry's, the session's headers, the credentials in
    /// scope, the version where the entry carries it, then the endpoint's own headers over all of them.
    /// With it, the warning of an operation whose security requirement the credentials do not meet.
    func build<T>(
        _ endpoint: Endpoint<T>, entry: LocatorEntry?, extraQuery: [FormField], state: SessionState, oauth2Token: String? = nil
    ) -> (request: HTTPRequest, unmet: String?) {
        var query = endpoint.query
        for field in extraQuery {
            query.removeAll { $0.name == field.name }
            query.append(field)
        }
        let url = Self.url(of: endpoint, entry: entry)
        var outgoing = OutgoingRequest(query: query, headers: state.headers)
        let (stages, unmet) = authStages(
            state.credentials, entry: entry, url: url, auth: endpoint.auth == .inScope ? nil : endpoint.auth, oauth2Token: oauth2Token)
        for stage in stages { stage.apply(to: &outgoing) }
        var headers = outgoing.headers
        query = outgoing.query
        let scopes = outgoing.scopes
        let login = outgoing.login
        if let entry, let versioning = entry.versioning, URLScope.contains(base: entry.url, url: url) {
            versioning.apply(entry, headers: &headers, query: &query)
        }
        for header in endpoint.headers {
            // An operation's cookie parameters and an API key sent as a cookie share the one header.
            if header.name.lowercased() == "cookie", let present = headers["Cookie"], scopes["cookie"] != nil {
                headers.set("Cookie", header.value + "; " + present)
            } else {
                headers.set(header.name, header.value)
            }
        }
        var request = HTTPRequest(method: endpoint.method, url: url, query: query, headers: headers, body: endpoint.body)
        request.credentialScopes = scopes
        // Set after the endpoint's headers: an `Authorization` of its own means the login is not wanted.
        request.login = headers["Authorization"] == nil ? login : nil
        request.recordsSentHeaders = state.recordsSentHeaders
        request.pathAsBuilt = endpoint.pathAsBuilt
        return (request, unmet)
    }

    /// The auth stages a request for `url` passes through (`HTTPClient/AuthStage.swift`): each credential in
    /// scope (one per slot, the most specific scope's) where its auth scheme (`Facade/AuthSchemes`) places it
    /// — for an endpoint that asks for a bearer or an API key, only those; for whatever is in scope when
    /// `auth` is nil — then the credential headers; each only within its scope, which the stage notes so
    /// that no redirect carries it further (the transport checks a login's scope again at every hop). An
    /// OpenAPI operation gets what its security requirement names, where its schemes say (see
    /// `SecurityPlan`), plus the credential headers; a public one gets nothing. With them, the warning of a
    /// requirement not met. An OAuth 2 client's token, fetched before, is its `oauth2Token`.
    func authStages(
        _ credentials: Credentials, entry: LocatorEntry?, url: String, auth: AuthRequirement?, oauth2Token: String?
    ) -> (stages: [any AuthStage], unmet: String?) {
        let applicable = credentials.applicable(to: url, service: entry.map { ($0.name, $0.url) })
        let context = AuthContext(fetchedToken: oauth2Token)
        let headerStages: [any AuthStage] = applicable.headers.map {
            CredentialHeaderStage(name: $0.name, value: $0.value, base: $0.base)
        }
        let placements: [CredentialPlacement]
        var unmet: String?
        if case let .operation(name, security)? = auth {
            guard !security.isPublic else { return ([], nil) }
            let plan = SecurityPlan(operation: name, security: security, applicable: applicable, context: context)
            placements = plan.placements
            unmet = plan.warning
        } else {
            placements = applicable.credentials.compactMap { applied in
                (applied.credential as? any CredentialPlacing)?.placement(for: auth, base: applied.base, context: context)
            }
        }
        return (placements.map(Self.stage) + headerStages, unmet)
    }

    /// The stage that puts a placed credential where it goes.
    private static func stage(_ placement: CredentialPlacement) -> any AuthStage {
        switch placement.place {
        case .header(let header): PlacedCredentialStage(place: .header(header), value: placement.value, base: placement.base)
        case .query(let parameter): PlacedCredentialStage(place: .query(parameter), value: placement.value, base: placement.base)
        case .cookie(let cookie): PlacedCredentialStage(place: .cookie(cookie), value: placement.value, base: placement.base)
        case let .login(scheme, user): LoginStage(HTTPLogin(user: user, password: placement.value, scheme: scheme, scope: placement.base))
        }
    }

    /// Where an endpoint goes: its own URL (a `next` link), else its path under the entry's URL.
    static func url<T>(of endpoint: Endpoint<T>, entry: LocatorEntry?) -> String {
        endpoint.url ?? entry.map { joined($0.url, endpoint.path) } ?? endpoint.path
    }

    /// The service URL with `path` appended: before the URL's own query (`…/twit-api?v=1` + `/twit` →
    /// `…/twit-api/twit?v=1`), with characters a path cannot hold (spaces) percent-encoded. A query typed
    /// after the path (`/anything?a=1`, a captured `next_page_uri`) stays a query, after the URL's own.
    static func joined(_ base: String, _ typed: String) -> String {
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
            let query = PercentEncoding.encode(String(typed[typed.index(after: question)...]), keeping: isQueryByte)
            if !query.isEmpty {
                let fragment = tail.firstIndex(of: "#").map { tail[$0...] } ?? ""
                let own = tail.prefix { $0 != "#" }
                tail = (own.isEmpty ? "?" : own.hasSuffix("?") || own.hasSuffix("&") ? String(own) : own + "&") + query + fragment
            }
        }
        let encoded = PercentEncoding.encode(String(path), keeping: isPathByte)
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
