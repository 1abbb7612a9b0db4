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
    /// The passphrase of an encrypted `clientKey` (`--key-password-env NAME`, or asked for on a terminal): a
    /// secret. Libcurl is always given one for a key, so OpenSSL never prompts on its own.
    public var clientKeyPassword: String?
    /// Every request but loopback and `no_proxy`'s hosts goes through this proxy (`--proxy URL`); nil: the
    /// proxy variables (`proxyVariables`) as curl reads them. See `ProxyChoice`.
    public var proxy: String?
    /// The proxy variables of the environment (`http_proxy`, `https_proxy`, `ALL_PROXY`, `no_proxy`, …):
    /// this process's unless told otherwise.
    public var proxyVariables: [String: String] = ProxyChoice.processVariables()

    /// Which proxy each request goes through.
    public var proxyChoice: ProxyChoice { ProxyChoice(explicit: proxy, environment: proxyVariables) }

    /// The passwords of every proxy URL given (`--proxy` and the environment's) and their `user:password`
    /// (the form Basic proxy credentials are encoded from): secrets to mask wherever they would show.
    public var proxySecrets: [String] { proxyChoice.secrets }

    /// Every secret these settings hold: the proxies' credentials and the client key's passphrase.
    public var secrets: [String] { proxySecrets + (clientKeyPassword.map { [$0] } ?? []) }

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
