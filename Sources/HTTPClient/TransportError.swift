import JSON
import HTTPTypes
/// Why a request produced no response. Every case describes itself in one line that says what happened.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing listens at `host` (`"127.0.0.1:9"`).
    case refused(host: String)
    /// The proxy the request was to go through could not be reached (named without its credentials).
    case proxyUnreachable(proxy: String)
    /// The host name could not be resolved.
    case dns(host: String)
    /// The TLS handshake or certificate verification failed.
    case tls(message: String)
    /// The limit that was exceeded, in milliseconds.
    case timeout(milliseconds: Int)
    /// The connection broke (a reset) before the response was complete.
    case reset
    /// The body would exceed `limit` bytes.
    case tooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    case cancelled
    case invalidURL(String)
    /// A URL whose scheme no transport speaks (`ftp`, `gopher`): only http, https (and file for
    /// locator-relative files) are.
    case unsupportedScheme(String)
    /// A redirect pointed at a scheme other than http or https (`file`, `dict`): never followed, so a
    /// server cannot make apish read local files or talk to other services.
    case redirectRefused(scheme: String)
    /// A redirect of a request confined to `scope` (`HTTPRequest.redirectScope`) pointed at `location`,
    /// outside it: never followed.
    case redirectLeavesScope(location: String, scope: String)
    /// The answer did not start with an HTTP status line (HTTP/0.9, or garbage); `detail` says which.
    case notHTTP(detail: String)
    /// One response header line exceeded libcurl's limit of `limit` bytes.
    case headerTooLarge(limit: Int)
    /// The connection closed before a single byte of an answer came.
    case emptyReply
    /// The connection closed cleanly before the announced Content-Length arrived.
    case truncatedBody(received: Int, expected: Int)
    /// A `Transfer-Encoding: chunked` body whose chunk framing is broken.
    case malformedChunk
    /// The response carried several Content-Length headers that disagree, so its length is unknowable.
    case conflictingContentLength
    /// The body could not be decoded with the `Content-Encoding` the server declared (`gzip`, `deflate`, `br`).
    case badContentEncoding(String)
    /// A `file://` URL that cannot be read: `reason` is "no such file", "is a directory", …
    case localFile(path: String, reason: String)
    /// Any other libcurl failure, with its code and message.
    case other(code: Int, message: String)

    public var description: String {
        switch self {
        case .refused(let host): "connection refused by \(host)"
        case .proxyUnreachable(let proxy): "cannot connect to proxy \(proxy)"
        case .dns(let host): "could not resolve host \(host)"
        case .tls(let message): "TLS failure: \(message)"
        case .timeout(let milliseconds): "timed out after \(milliseconds) ms"
        case .reset: "connection reset before the response was complete"
        case .tooLarge(let limit): "response larger than \(Self.byteCount(limit))"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .cancelled: "request cancelled"
        case .invalidURL(let url): "invalid URL '\(url)'"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)' (use http or https)"
        case .redirectRefused(let scheme): "redirect to a \(scheme):// URL refused"
        case let .redirectLeavesScope(location, scope): "redirect to \(location) refused: this request goes only to \(scope)"
        case .notHTTP(let detail): "the server's answer is not HTTP (\(detail))"
        case .headerTooLarge(let limit): "a response header is larger than \(Self.byteCount(limit))"
        case .emptyReply: "the server closed the connection without answering"
        case let .truncatedBody(received, expected): "the body ended early: got \(received) of \(expected) bytes"
        case .malformedChunk: "malformed chunked body"
        case .conflictingContentLength: "conflicting Content-Length headers"
        case .badContentEncoding(let encoding): "the body is not valid \(encoding) (Content-Encoding: \(encoding))"
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
