import HTTPClient
import HTTPTypes
import Secrets

/// What a session holds between commands, apart from responses: the version chosen for each service, the
/// current service, headers, credentials, the place the user set and the verbose flag. It is a value, so a
/// profile can save it whole and restore it, and the request pipeline reads it without reaching back into
/// the facade.
public struct SessionState: Sendable, Equatable {
    /// The version chosen for each service (lower-cased name); a service not named follows its default.
    public internal(set) var choices: [String: VersionChoice] = [:]
    /// The service `refresh`, `show` and `/path` targets mean when none is named.
    public internal(set) var currentService: String?
    /// Headers added to every request (`header NAME VALUE`); credential headers live in `credentials`, scoped.
    public internal(set) var headers = HTTPHeaders()
    /// Tokens, keys and credential headers, each scoped. Changed only through `CredentialStore`, which keeps its
    /// redactor in step with them.
    public internal(set) var credentials = Credentials()
    /// The place the user set for APIs that search near one; nil until set (an API that needs a place and
    /// gets none picks its own default).
    public var location: Coordinate?
    /// Whether responses carry the request head as really sent (`verbose on`).
    public var recordsSentHeaders = false
    /// The base URL the user gave a service (lower-cased name) with `server URL` or `--server`: where all
    /// its requests go, over its locator entry and its document.
    public internal(set) var serverBases: [String: String] = [:]

    public init() {}
}

extension SessionState {
    /// A state put together from saved parts (a profile); credentials and headers as `Credentials` and
    /// `HTTPHeaders` hold them.
    public init(
        choices: [String: VersionChoice], currentService: String?, headers: HTTPHeaders,
        credentials: Credentials, location: Coordinate?, recordsSentHeaders: Bool, serverBases: [String: String] = [:]
    ) {
        self.init()
        self.choices = Dictionary(choices.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.currentService = currentService
        self.headers = headers
        self.credentials = credentials
        self.location = location
        self.recordsSentHeaders = recordsSentHeaders
        self.serverBases = Dictionary(serverBases.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
