import FoundationFree
import HTTPClient
import HTTPTypes
import Secrets
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The access tokens of the session's OAuth 2 clients: fetched on first use through the session's own
/// transport, kept with their expiry (and in the store, when there is one), renewed shortly before they
/// expire or when a server says one is no longer valid.
public final class OAuth2Tokens {
    /// Where tokens outlive the process; read once, on the first token asked for.
    public var store: (any OAuth2TokenStore)? {
        didSet { loaded = false }
    }
    /// Seconds since 1970.
    var now: () -> Double = { Date().timeIntervalSince1970 }
    private var tokens: [String: OAuth2Token] = [:]
    private var loaded = false
    /// Clients whose token endpoint refused HTTP Basic and took the secret in the body.
    private var sendsSecretInBody: Set<String> = []

    public init() {}

    /// Every token held, for redaction: access and refresh tokens.
    public var secrets: [String] {
        // Asked for on every line, and most sessions hold no token.
        guard !tokens.isEmpty else { return [] }
        return tokens.values.flatMap { [$0.accessToken] + ($0.refreshToken.map { [$0] } ?? []) }
    }

    /// The tokens held, oldest first.
    public var all: [OAuth2Token] {
        tokens.values.sorted { $0.obtainedAt < $1.obtainedAt }
    }

    /// A token for `client`: the one held while it is fresh (unless `renewing`), else a new one from the
    /// token endpoint. Problems with the token file are added to `warnings`, never a failure of the request.
    func token(
        for client: OAuth2Client, transport: any Transport, renewing: Bool = false, cancellation: CancellationToken?,
        warnings: inout [String]
    ) -> Result<OAuth2Token, OAuth2Failure> {
        loadIfNeeded(&warnings)
        let key = client.tokenKey
        if !renewing, let held = tokens[key], held.isFresh(at: now()) { return .success(held) }
        let result = fetch(client, transport: transport, cancellation: cancellation)
        switch result {
        case .success(let token):
            tokens[key] = token
        case .failure:
            tokens[key] = nil
        }
        save(&warnings)
        return result
    }

    /// Forgets every token (`auth clear`): the next request fetches a new one.
    public func removeAll() {
        guard !tokens.isEmpty else { return }
        tokens = [:]
        var ignored: [String] = []
        save(&ignored)
    }

    private func fetch(_ client: OAuth2Client, transport: any Transport, cancellation: CancellationToken?) -> Result<OAuth2Token, OAuth2Failure> {
        let key = client.tokenKey
        let first: OAuth2Client.Authentication = sendsSecretInBody.contains(key) ? .post : client.authentication
        let result = exchange(client, authentication: first, transport: transport, cancellation: cancellation)
        // RFC 6749 §2.3.1 makes Basic the one method every server takes, but some take only the body: a
        // refusal of the client under Basic is worth one try with the secret in the body.
        if first == .basic, case .failure(let failure) = result, failure.code == "invalid_client" || failure.status == 401 {
            let retried = exchange(client, authentication: .post, transport: transport, cancellation: cancellation)
            if case .success = retried { sendsSecretInBody.insert(key) }
            if case .failure(let second) = retried, second.status == nil { return result }
            return retried
        }
        return result
    }

    private func exchange(
        _ client: OAuth2Client, authentication: OAuth2Client.Authentication, transport: any Transport,
        cancellation: CancellationToken?
    ) -> Result<OAuth2Token, OAuth2Failure> {
        let request = OAuth2TokenExchange.request(for: client, authentication: authentication)
        do {
            let response = try transport.send(request, cancellation: cancellation)
            return OAuth2TokenExchange.token(from: response, client: client, now: now())
        } catch .redirectLeavesScope(let location, _) {
            return .failure(OAuth2Failure(
                status: nil, code: nil,
                message: "OAuth 2 token endpoint \(client.tokenURL) redirected to \(location): not followed, the client's credentials go only to the token URL"))
        } catch {
            return .failure(OAuth2Failure(
                status: nil, code: nil, message: "OAuth 2 token endpoint \(client.tokenURL): \(error.description)"))
        }
    }

    private func loadIfNeeded(_ warnings: inout [String]) {
        guard !loaded else { return }
        loaded = true
        guard let store else { return }
        do {
            for token in try store.load() where tokens[token.key] == nil { tokens[token.key] = token }
        } catch {
            warnings.append(error.description)
        }
    }

    private func save(_ warnings: inout [String]) {
        guard let store else { return }
        do {
            try store.save(all)
        } catch {
            warnings.append(error.description)
        }
    }
}
