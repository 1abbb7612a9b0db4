import FoundationFree
import HTTPClient
import HTTPTypes

/// The transport of a talk played with `--mock`: requests go out through `base` as always, and each
/// answer's transfer times are the talk's own, the same on every run (a new connection 0.6 ms, a reused
/// one 0.4 ms), so `timing on` prints the same bytes each time, as the rest of a mocked talk does. Sizes,
/// redirects and whether the connection was reused are kept as measured.
public struct TalkClockTransport: Transport {
    private let base: any Transport

    public init(_ base: any Transport) {
        self.base = base
    }

    static func fixed(_ metrics: TransferMetrics) -> TransferMetrics {
        var fixed = metrics
        (fixed.dns, fixed.connect, fixed.tls) = metrics.reusedConnection ? (0, 0, 0) : (0.0001, 0.0002, 0)
        fixed.firstByte = fixed.connect + 0.0003
        fixed.total = fixed.firstByte + 0.0001
        return fixed
    }

    private static func fixed(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.metrics = fixed(response.metrics)
        return response
    }

    public func send(_ request: HTTPRequest, cancellation: CancellationToken?) throws(TransportError) -> HTTPResponse {
        Self.fixed(try base.send(request, cancellation: cancellation))
    }

    public func send(
        _ request: HTTPRequest, cancellation: CancellationToken?, streamingTo stream: (any ResponseStreaming)?
    ) throws(TransportError) -> HTTPResponse {
        Self.fixed(try base.send(request, cancellation: cancellation, streamingTo: stream))
    }

    public func prefetch(_ requests: [HTTPRequest], cancellation: CancellationToken?) -> [HTTPResponse?] {
        base.prefetch(requests, cancellation: cancellation).map { $0.map(Self.fixed) }
    }

    public func cookieJar() -> [String] { base.cookieJar() }
    public func restoreCookieJar(_ lines: [String]) { base.restoreCookieJar(lines) }
    public func clearCookies() { base.clearCookies() }
    public var tls: TLSSettings { base.tls }
    public func setTLS(_ tls: TLSSettings) { base.setTLS(tls) }
}
