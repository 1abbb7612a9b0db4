/// One credential that `auth` sets, as the session's store sees it: which others it replaces in its scope,
/// the secrets it holds and how `auth show` and the hint after a 401 name it. Each kind is declared once,
/// as a type conforming to `AuthScheme` (`Facade/AuthSchemes`), which adds how it goes onto a request,
/// which security schemes it satisfies, how a profile stores it and how a recording sets it again.
public protocol AuthCredential: Sendable {
    /// The profile's `kind` and `auth`'s word: `bearer`, `api_key`, `oauth2`, `basic`, `digest`.
    var kind: String { get }
    /// Credentials of one slot replace each other in a scope, and the most specific scope's goes out.
    var slot: CredentialSlot { get }
    /// Every secret value held, with the forms a server may echo (`user:password`, whose base64 the
    /// matcher masks too), for redaction.
    var secrets: [String] { get }
    /// `auth show`'s line in `scope`, its secrets masked: `bearer every service •••`.
    func summary(in scope: Credentials.Scope) -> String
    /// How the hint after a 401 or 403 names it: `a bearer token`, `a digest login`.
    var hintName: String { get }
    /// Whether `other` is the same credential (the store compares credentials of any kind).
    func isSame(as other: any AuthCredential) -> Bool
}

extension AuthCredential where Self: Equatable {
    public func isSame(as other: any AuthCredential) -> Bool {
        (other as? Self) == self
    }
}

/// The place a credential fills: a bearer token and an OAuth 2 client both fill `Authorization`, so one
/// replaces the other in a scope. Slots are tried in `rank` order, which is also the order of the request's
/// auth stages and of the hint's names.
public struct CredentialSlot: Sendable, Hashable {
    public let name: String
    public let rank: Int

    public init(_ name: String, rank: Int) {
        self.name = name
        self.rank = rank
    }

    /// `Authorization` as a header written by apish: a bearer token or an OAuth 2 access token.
    public static let authorization = CredentialSlot("authorization", rank: 0)
    /// An API key.
    public static let apiKey = CredentialSlot("api key", rank: 1)
    /// A login the transport answers with (Basic, Digest).
    public static let login = CredentialSlot("login", rank: 2)
}
