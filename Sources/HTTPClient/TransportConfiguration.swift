import JSON
import HTTPTypes
import FoundationFree
/// Limits and policies of a transport. Times are in milliseconds.
public struct TransportConfiguration: Sendable, Equatable {
    /// The whole request, redirects included, must finish within this time.
    public var totalTimeout: Int
    /// Establishing a connection (DNS, TCP, TLS) must finish within this time.
    public var connectTimeout: Int
    /// A response body larger than this fails with `TransportError.tooLarge` instead of filling memory.
    public var maxBodyBytes: Int
    /// Redirects followed before `TransportError.tooManyRedirects`; 0 hands a 3xx back as the response.
    /// The transport follows them itself, hop by hop, checking each hop's credentials (`RedirectPolicy`).
    public var maxRedirects: Int
    /// Skips TLS certificate and host name verification (`--insecure`).
    public var insecure: Bool
    public var userAgent: String
    /// How long a transfer polls for its answer before it sleeps, when the last answer came within this
    /// time (a server on this machine); zero always sleeps. See `ResponseWait`.
    public var answerPollWindow: Duration
    /// The CA bundle file and folder servers are verified with (`--cacert`, `--capath`); nil: what the
    /// environment names as curl reads it (`CURL_CA_BUNDLE`, else `SSL_CERT_FILE`; `SSL_CERT_DIR`), else
    /// the system's.
    public var caFile: String?
    public var caPath: String?
    /// A client certificate and its key, for servers that ask for one (mTLS: `--cert`, `--key`).
    public var clientCertificate: String?
    public var clientKey: String?
    /// Every request but loopback goes through this proxy (`--proxy URL`); nil: the proxy variables as
    /// libcurl reads them (`http_proxy`, `https_proxy`, `ALL_PROXY`, `no_proxy`).
    public var proxy: String?

    /// The password of the proxy URL and its `user:password` (the form Basic proxy credentials are
    /// encoded from): secrets to mask wherever they would show.
    public var proxySecrets: [String] {
        guard let proxy, let colon = proxy.firstIndex(of: ":"), proxy[colon...].hasPrefix("://") else { return [] }
        let authority = proxy[proxy.index(colon, offsetBy: 3)...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return [] }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return [] }
        func decoded(_ text: Substring) -> String { PercentEncoding.strictDecode(String(text)) ?? String(text) }
        let user = decoded(userInfo[..<colon])
        let password = decoded(userInfo[userInfo.index(after: colon)...])
        return password.isEmpty ? [] : [password, user + ":" + password]
    }

    public init(
        totalTimeout: Int = 30_000,
        connectTimeout: Int = 10_000,
        maxBodyBytes: Int = 64 * 1024 * 1024,
        maxRedirects: Int = 10,
        insecure: Bool = false,
        userAgent: String = "apish/0.1",
        answerPollWindow: Duration = .microseconds(200)
    ) {
        self.totalTimeout = totalTimeout
        self.connectTimeout = connectTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.insecure = insecure
        self.userAgent = userAgent
        self.answerPollWindow = answerPollWindow
    }
}
