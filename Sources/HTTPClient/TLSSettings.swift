import HTTPTypes
/// How servers are verified and how apish proves who it is: what `--insecure`, `--cacert`, `--capath`,
/// `--cert` and `--key` set, and what a profile keeps of them. Paths only: a key file's contents never
/// pass through here.
public struct TLSSettings: Sendable, Equatable {
    /// Skips certificate and host name verification.
    public var insecure = false
    /// The CA bundle file and folder servers are verified with; nil: the environment's, else the system's.
    public var caFile: String?
    public var caPath: String?
    /// A client certificate and its key, for servers that ask for one (mutual TLS).
    public var clientCertificate: String?
    public var clientKey: String?

    public init(
        insecure: Bool = false, caFile: String? = nil, caPath: String? = nil, clientCertificate: String? = nil,
        clientKey: String? = nil
    ) {
        self.insecure = insecure
        self.caFile = caFile
        self.caPath = caPath
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
    }

    /// Nothing set: verification on, with the environment's or the system's CAs, and no client certificate.
    public var isDefault: Bool { self == TLSSettings() }

    /// These settings, with every one left unset here taken from `fallback` (`--insecure` from either).
    public func over(_ fallback: TLSSettings) -> TLSSettings {
        TLSSettings(
            insecure: insecure || fallback.insecure, caFile: caFile ?? fallback.caFile, caPath: caPath ?? fallback.caPath,
            clientCertificate: clientCertificate ?? fallback.clientCertificate, clientKey: clientKey ?? fallback.clientKey)
    }
}

extension TransportConfiguration {
    /// The TLS part of the settings.
    public var tls: TLSSettings {
        get {
            TLSSettings(insecure: insecure, caFile: caFile, caPath: caPath, clientCertificate: clientCertificate, clientKey: clientKey)
        }
        set {
            insecure = newValue.insecure
            caFile = newValue.caFile
            caPath = newValue.caPath
            clientCertificate = newValue.clientCertificate
            clientKey = newValue.clientKey
        }
    }
}
