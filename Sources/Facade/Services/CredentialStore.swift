import APIDescriptions
import HTTPClient
import HTTPTypes
import Secrets

/// The credentials and headers the session sends, changed only here, so that the redactor always knows
/// every secret held. It is where redactors are made: its own, and the shell's (`redactor(adding:)`).
public final class CredentialStore {
    let workspace: Workspace
    /// The access tokens of the OAuth 2 clients in `held`.
    let oauth2Tokens = OAuth2Tokens()

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The credentials held (`auth`, and credential headers set with `header`), each with its scope.
    public var held: Credentials { workspace.state.credentials }

    /// Headers added to every request (`header NAME VALUE`).
    public var headers: HTTPHeaders { workspace.state.headers }

    /// Sets a credential for a scope (`auth bearer|basic|digest|key|oauth2 … [SCOPE]`), replacing the one of
    /// its slot there. An OAuth 2 client's access token is fetched on the first request in scope, and
    /// renewed as it expires; libcurl answers a Digest login's challenge.
    public func setCredential(_ credential: any AuthScheme, for scope: Credentials.Scope) {
        workspace.state.credentials.set(credential, for: scope)
    }

    /// Forgets the credentials of one scope, or all of them.
    public func clearCredentials(_ scope: Credentials.Scope?) {
        workspace.state.credentials.clear(scope)
    }

    /// The client-credentials flow the OpenAPI document of a service's active version describes.
    public func oauth2Flow(of service: String) throws(FacadeError) -> OAuth2ClientCredentialsFlow {
        let entry = try workspace.activeEntry(of: service)
        guard let document = workspace.openAPIDefinition(for: entry)?.document,
              let flow = OAuth2ClientCredentialsFlow.first(in: document) else {
            throw .invalidRequest(
                "auth oauth2: \(entry.key) has no OpenAPI oauth2 security scheme with a clientCredentials flow; give the token URL: auth oauth2 TOKEN_URL client_id=… client_secret=…")
        }
        return flow
    }

    /// Adds a header to every request, or, for a credential header (`Redactor.isCredentialHeader`), to the
    /// requests of its scope: the one given, else the current service, else every service. A plain header
    /// takes no scope.
    public func setHeader(_ name: String, _ value: String, scope: Credentials.Scope?) throws(FacadeError) {
        if Redactor.isCredentialHeader(name) {
            let scope = scope ?? workspace.currentService.map { .service($0.lowercased()) } ?? .allServices
            workspace.state.headers.remove(name)
            workspace.state.credentials.setHeader(name, value, for: scope)
        } else {
            guard scope == nil else {
                throw .invalidRequest("header: only credential headers are scoped; \(name) goes to every request")
            }
            workspace.state.headers.set(name, value)
        }
    }

    /// Removes a header, plain or credential, in every scope; whether one was set.
    @discardableResult
    public func removeHeader(_ name: String) -> Bool {
        let removedCredential = workspace.state.credentials.removeHeader(name)
        let wasPlain = workspace.state.headers.contains(name)
        workspace.state.headers.remove(name)
        return removedCredential || wasPlain
    }

    /// For a 401 or 403: credentials that exist but were out of scope for this request, as one hint line.
    public func credentialHint(for exchange: Exchange) -> String? {
        guard let status = exchange.status, status == 401 || status == 403 else { return nil }
        let entry = exchange.service.flatMap { workspace.locator?.resolve($0) }
        let unused = held.outOfScope(for: exchange.request.url, service: entry.map { ($0.name, $0.url) })
        guard !unused.isEmpty else { return nil }
        return "\(unused.joined(separator: " and ")) exists but is out of scope for \(exchange.displayURL); "
            + "scope one to it: auth bearer TOKEN URL"
    }

    /// Keeps the OAuth 2 tokens fetched in `store` too, so that they outlive the process, unless they are
    /// kept somewhere already.
    public func keepOAuth2Tokens(in store: @autoclosure () -> any OAuth2TokenStore) {
        if oauth2Tokens.store == nil { oauth2Tokens.store = store() }
    }

    /// Every secret held: credentials and the OAuth 2 tokens fetched for them.
    var heldSecrets: [String] {
        let tokens = oauth2Tokens.secrets
        return tokens.isEmpty ? held.secrets : held.secrets + tokens
    }

    /// Masks the credentials held (`auth`, and credential headers set with `header`).
    public var redactor: Redactor {
        let secrets = heldSecrets
        // Asked for on every request: while the credentials stay the same, the one made last is it.
        if let cached = redactorCache, cached.secrets == secrets { return cached.redactor }
        let made = Redactor(secrets: secrets)
        redactorCache = (secrets, made)
        lastDisplayURL = nil
        return made
    }

    /// The redactor, also masking `extra`: what the shell knows beyond the credentials (variables that
    /// hold secrets, values sent in credential parameters, the proxy's password).
    public func redactor(adding extra: [String]) -> Redactor {
        let held = heldSecrets
        // Asked for several times a line: while the secrets stay the same, the one made last is it.
        if let cached = widerRedactorCache, cached.held == held, cached.extra == extra { return cached.redactor }
        let made = Redactor(secrets: redactor.secrets + extra)
        widerRedactorCache = (held, extra, made)
        return made
    }

    /// A URL as shown (its secrets masked), the last one remembered: a session asks for the same URL often.
    func displayURL(_ url: String) -> String {
        let redactor = self.redactor
        if let last = lastDisplayURL, last.url == url { return last.shown }
        let shown = redactor.redact(url)
        lastDisplayURL = (url, shown)
        return shown
    }

    /// The last URL `displayURL` masked, and the result; forgotten when the credentials change.
    private var lastDisplayURL: (url: String, shown: String)?

    /// The last redactor made and the credential secrets it was made from.
    private var redactorCache: (secrets: [String], redactor: Redactor)?

    /// The last `redactor(adding:)` made, with the secrets held and the extra ones it was made from.
    private var widerRedactorCache: (held: [String], extra: [String], redactor: Redactor)?
}
