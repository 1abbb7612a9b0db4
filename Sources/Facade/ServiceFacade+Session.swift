import APIDescriptions
import HTTPClient
import HTTPTypes
import Secrets

/// The session's state as the facade's callers see it: read freely, changed only through these methods,
/// so that the redactor always knows every secret held.
extension ServiceFacade {
    var choices: [String: VersionChoice] {
        get { state.choices }
        set { state.choices = newValue }
    }

    /// The service `refresh`, `show` and `/path` targets mean when none is named.
    public internal(set) var currentService: String? {
        get { state.currentService }
        set { state.currentService = newValue }
    }

    /// The credentials held (`auth`, and credential headers set with `header`), each with its scope.
    public var credentials: Credentials { state.credentials }

    /// Headers added to every request (`header NAME VALUE`).
    public var headers: HTTPHeaders { state.headers }

    /// Whether responses carry the request head as really sent (`verbose on`).
    public var recordsSentHeaders: Bool {
        get { state.recordsSentHeaders }
        set { state.recordsSentHeaders = newValue }
    }

    /// Where `groups near` searches when no place is given.
    public var location: Coordinate? {
        get { state.location }
        set { state.location = newValue }
    }

    /// Sets a credential for a scope (`auth bearer|basic|digest|key|oauth2 … [SCOPE]`), replacing the one of
    /// its slot there. An OAuth 2 client's access token is fetched on the first request in scope, and
    /// renewed as it expires; libcurl answers a Digest login's challenge.
    public func setCredential(_ credential: any AuthScheme, for scope: Credentials.Scope) {
        state.credentials.set(credential, for: scope)
    }

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

    /// How servers are verified and which client certificate is shown: the transport's settings, which a
    /// profile saves and puts back.
    public var tls: TLSSettings {
        get { transport.tls }
        set { transport.setTLS(newValue) }
    }

    /// Forgets the credentials of one scope, or all of them.
    public func clearCredentials(_ scope: Credentials.Scope?) {
        state.credentials.clear(scope)
    }

    /// Puts a whole saved state back (a profile): versions, current service, headers, credentials,
    /// location and the verbose flag. Services the locator does not name keep their choice, so a later
    /// `locate` that brings them back finds it.
    public func restore(_ saved: SessionState) {
        state = saved
    }

    /// The client-credentials flow the OpenAPI document of a service's active version describes.
    public func oauth2Flow(of service: String) throws(FacadeError) -> OAuth2ClientCredentialsFlow {
        let entry = try activeEntry(of: service)
        guard let document = (definition(for: entry) as? OpenAPIServiceAPI)?.document,
              let flow = OAuth2ClientCredentialsFlow.first(in: document) else {
            throw .invalidRequest(
                "auth oauth2: \(entry.key) has no OpenAPI oauth2 security scheme with a clientCredentials flow; give the token URL: auth oauth2 TOKEN_URL client_id=… client_secret=…")
        }
        return flow
    }

    /// Every secret the facade holds: credentials and the OAuth 2 tokens fetched for them.
    public var heldSecrets: [String] {
        credentials.secrets + oauth2Tokens.secrets
    }

    /// Adds a header to every request, or, for a credential header (`Redactor.isCredentialHeader`), to the
    /// requests of its scope: the one given, else the current service, else every service. A plain header
    /// takes no scope.
    public func setHeader(_ name: String, _ value: String, scope: Credentials.Scope?) throws(FacadeError) {
        if Redactor.isCredentialHeader(name) {
            let scope = scope ?? currentService.map { .service($0.lowercased()) } ?? .allServices
            state.headers.remove(name)
            state.credentials.setHeader(name, value, for: scope)
        } else {
            guard scope == nil else {
                throw .invalidRequest("header: only credential headers are scoped; \(name) goes to every request")
            }
            state.headers.set(name, value)
        }
    }

    /// Removes a header, plain or credential, in every scope; whether one was set.
    @discardableResult
    public func removeHeader(_ name: String) -> Bool {
        let removedCredential = state.credentials.removeHeader(name)
        let wasPlain = state.headers.contains(name)
        state.headers.remove(name)
        return removedCredential || wasPlain
    }
}
