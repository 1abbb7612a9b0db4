/// Why a request produced no response. Every case describes itself in one line.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing listens at `host` (`"127.0.0.1:9"`).
    case refused(host: String)
    /// The host name could not be resolved.
    case dns(host: String)
    /// The TLS handshake or certificate verification failed.
    case tls(message: String)
    /// The limit that was exceeded, in milliseconds.
    case timeout(milliseconds: Int)
    /// The connection broke before the response was complete.
    case reset
    /// The body would exceed `limit` bytes.
    case tooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    case cancelled
    case invalidURL(String)
    /// A `file://` URL that cannot be read: `reason` is "no such file", "is a directory", …
    case localFile(path: String, reason: String)
    /// Any other libcurl failure, with its code and message.
    case other(code: Int, message: String)

    public var description: String {
        switch self {
        case .refused(let host): "connection refused by \(host)"
        case .dns(let host): "could not resolve host \(host)"
        case .tls(let message): "TLS failure: \(message)"
        case .timeout(let milliseconds): "timed out after \(milliseconds) ms"
        case .reset: "connection reset before the response was complete"
        case .tooLarge(let limit): "response larger than \(Self.byteCount(limit))"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .cancelled: "request cancelled"
        case .invalidURL(let url): "invalid URL '\(url)'"
        case .localFile(let path, let reason): "file \(path): \(reason)"
        case .other(let code, let message): "transfer failed (curl error \(code)): \(message)"
        }
    }

    /// `64 MiB`, `512 KiB` or `1000 bytes`: the unit that states the limit exactly.
    private static func byteCount(_ bytes: Int) -> String {
        let kibibyte = 1024, mebibyte = 1024 * 1024, gibibyte = 1024 * 1024 * 1024
        if bytes >= gibibyte, bytes % gibibyte == 0 { return "\(bytes / gibibyte) GiB" }
        if bytes >= mebibyte, bytes % mebibyte == 0 { return "\(bytes / mebibyte) MiB" }
        if bytes >= kibibyte, bytes % kibibyte == 0 { return "\(bytes / kibibyte) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
