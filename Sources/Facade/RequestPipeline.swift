import FoundationFree
import JSON
import Secrets
import HTTPClient

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

    /// What one walk produced, before it is recorded.
    struct Sent<Value> {
        let request: HTTPRequest
        let result: Result<HTTPResponse, TransportError>
        let outcome: Outcome
        let model: DecodedModel?
        let value: Value?
        let warnings: [String]
    }

    func run<T>(
        _ endpoint: Endpoint<T>, entry: LocatorEntry?, extraQuery: [FormField] = [], state: SessionState,
        cancellation: CancellationToken?
    ) -> Sent<T> {
        let request = build(endpoint, entry: entry, extraQuery: extraQuery, state: state)
        let result = Result { () throws(TransportError) in try transport.send(request, cancellation: cancellation) }
        let (outcome, decoded) = Outcome.classify(result) { response throws(DecodeFailure) in
            try endpoint.decode(response, cancellation)
        }
        if let value = decoded?.1 { endpoint.remember(value) }
        let warnings = (try? result.get()).map(endpoint.check) ?? []
        return Sent(request: request, result: result, outcome: outcome, model: decoded?.0 ?? nil, value: decoded?.1,
                    warnings: warnings)
    }

    /// The request an endpoint makes: its URL under the entry's, the session's headers, the credentials in
    /// scope, the version where the entry carries it, then the endpoint's own headers over all of them.
    func build<T>(_ endpoint: Endpoint<T>, entry: LocatorEntry?, extraQuery: [FormField], state: SessionState) -> HTTPRequest {
        var query = endpoint.query
        for field in extraQuery {
            query.removeAll { $0.name == field.name }
            query.append(field)
        }
        var headers = state.headers
        let url = endpoint.url ?? entry.map { Self.joined($0.url, endpoint.path) } ?? endpoint.path
        var scopes: [String: String] = [:]
        var login: HTTPLogin?
        addCredentials(state.credentials, entry: entry, url: url, auth: endpoint.auth == .inScope ? nil : endpoint.auth,
                       query: &query, headers: &headers, scopes: &scopes, login: &login)
        if let entry, let versioning = entry.versioning, URLScope.contains(base: entry.url, url: url) {
            versioning.apply(entry, headers: &headers, query: &query)
        }
        for header in endpoint.headers { headers.set(header.name, header.value) }
        var request = HTTPRequest(method: endpoint.method, url: url, query: query, headers: headers, body: endpoint.body)
        request.credentialScopes = scopes
        // Set after the endpoint's headers: an `Authorization` of its own means the login is not wanted.
        request.login = headers["Authorization"] == nil ? login : nil
        request.recordsSentHeaders = state.recordsSentHeaders
        return request
    }

    /// Adds the credentials a request for `url` carries: the bearer token as `Authorization`, the API key as
    /// its query parameter (when the endpoint asks for them, or whatever is in scope when `auth` is nil),
    /// credential headers, and a Basic or Digest login (for the transport to answer with, when no
    /// `Authorization` is set otherwise); each only within its scope, which is also noted so that no
    /// redirect carries it further: the transport checks a login's scope again on every hop.
    private func addCredentials(
        _ credentials: Credentials, entry: LocatorEntry?, url: String, auth: AuthRequirement?, query: inout [FormField],
        headers: inout HTTPHeaders, scopes: inout [String: String], login: inout HTTPLogin?
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
        if let (found, base) = applicable.login, auth == nil, headers["Authorization"] == nil {
            let scheme: HTTPLogin.Scheme = found.kind == .digest ? .digest : .basic
            login = HTTPLogin(user: found.user, password: found.password, scheme: scheme, scope: base)
        }
    }

    /// The service URL with `path` appended: before the URL's own query (`…/twit-api?v=1` + `/twit` →
    /// `…/twit-api/twit?v=1`), with characters a path cannot hold (spaces) percent-encoded.
    static func joined(_ base: String, _ path: String) -> String {
        guard !path.isEmpty else { return base }
        var head = base
        var tail = ""
        if let mark = base.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            head = String(base[..<mark])
            tail = String(base[mark...])
        }
        let path = PercentEncoding.encode(path, keeping: isPathByte)
        if head.hasSuffix("/") && path.hasPrefix("/") { return head + path.dropFirst() + tail }
        if !head.hasSuffix("/") && !path.hasPrefix("/") { return head + "/" + path + tail }
        return head + path + tail
    }

    /// What a path may hold as typed: the URL path set plus `%`, so `%20` typed by hand stays as is.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isURLPathAllowed(byte) || byte == UInt8(ascii: "%")
    }
}
