import Synchronization

/// The access tokens the demo token endpoint has issued, shared by all connection threads: who holds each,
/// what it grants, when it lapses, and whether it was revoked. Bounded: the oldest are forgotten first.
final class OAuthLedger: Sendable {
    struct Issued: Sendable {
        let client: String
        let scope: String
        let expiresAt: Double
        /// 1 for the first token the server issued, 2 for the next, …: tells a client's renewals apart.
        let number: Int
    }

    private struct State {
        var tokens: [String: Issued] = [:]
        var order: [String] = []
        var issued = 0
    }

    private let state = Mutex(State())
    static let limit = 10_000

    /// A new token for `client`, valid for `lifetime` seconds from `now`.
    func issue(client: String, scope: String, lifetime: Double, now: Double) -> (token: String, number: Int) {
        state.withLock { state in
            state.issued += 1
            let token = "demo-at-\(state.issued)-\(UInt64.random(in: 0...UInt64.max))"
            state.tokens[token] = Issued(client: client, scope: scope, expiresAt: now + lifetime, number: state.issued)
            state.order.append(token)
            if state.order.count > Self.limit {
                state.tokens[state.order.removeFirst()] = nil
            }
            return (token, state.issued)
        }
    }

    func lookUp(_ token: String) -> Issued? {
        state.withLock { $0.tokens[token] }
    }

    /// Revokes every token issued so far; how many there were.
    func revokeAll() -> Int {
        state.withLock { state in
            let count = state.tokens.count
            state.tokens = [:]
            state.order = []
            return count
        }
    }

    var issuedCount: Int {
        state.withLock { $0.issued }
    }
}
