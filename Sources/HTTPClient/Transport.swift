import JSON
import HTTPTypes
import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// Sends one request and waits for its complete response.
///
/// Synchronous because the shell is: it runs one command at a time and cancels through the token.
/// Any status code is a response; only a failure to get one at all throws.
///
/// A transport keeps the session's cookies: what a response sets (on any redirect hop) is sent back on
/// later requests to the hosts and paths it applies to (RFC 6265), and only to them.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest, cancellation: CancellationToken?) throws(TransportError) -> HTTPResponse
    /// The same, with `stream` receiving this request's final answer as it arrives (a body shown while it
    /// lasts); the whole body is still collected and returned. The observer belongs to this one request:
    /// nothing else sent meanwhile (a description fetched on the way, an OAuth token) reaches it.
    func send(
        _ request: HTTPRequest, cancellation: CancellationToken?, streamingTo stream: (any ResponseStreaming)?
    ) throws(TransportError) -> HTTPResponse
    /// The cookie jar as Netscape cookie-file lines (`domain  TRUE  /  FALSE  0  name  value`, tab-separated;
    /// a host-only HttpOnly cookie's domain starts `#HttpOnly_`), as libcurl's `CURLINFO_COOKIELIST` gives them.
    func cookieJar() -> [String]
    /// Adds the cookies of `lines` (as `cookieJar()` gave them) to the jar.
    func restoreCookieJar(_ lines: [String])
    /// Empties the jar.
    func clearCookies()
    /// Answers to several GETs without bodies (the files of one description), fetched at once where the
    /// transport can, in the order asked. Nil for a request that got no final answer here (a failure, a
    /// redirect): the caller sends that one again with `send`, which follows redirects and says why.
    func prefetch(_ requests: [HTTPRequest], cancellation: CancellationToken?) -> [HTTPResponse?]
    /// The TLS settings requests go out with.
    var tls: TLSSettings { get }
    /// Sends later requests with these TLS settings (a profile's CA or client certificate).
    func setTLS(_ tls: TLSSettings)
}

/// Receives one request's answer as it arrives (`Transport.send(_:cancellation:streamingTo:)`): its final
/// response only, not an interim 1xx nor a redirect followed. Called on the transfer's thread, while the
/// request runs.
public protocol ResponseStreaming: AnyObject, Sendable {
    /// The final response's status, HTTP version (`1.1`) and headers, before its first chunk. Answers
    /// whether it shows this answer as it arrives: a transfer cancelled then (Ctrl-C ending a stream) hands
    /// back what had come, instead of failing.
    func begin(status: Int, version: String, headers: HTTPHeaders) -> Bool
    func receive(_ chunk: Data)
}

extension Transport {
    /// Sends a request that cannot be cancelled.
    public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        try send(request, cancellation: nil)
    }

    /// A transport without a jar (a stub in a test) has no cookies to give or keep.
    public func cookieJar() -> [String] { [] }
    public func restoreCookieJar(_ lines: [String]) {}
    public func clearCookies() {}
    /// A transport that cannot stream (a stub in a test) hands over whole bodies only.
    public func send(
        _ request: HTTPRequest, cancellation: CancellationToken?, streamingTo stream: (any ResponseStreaming)?
    ) throws(TransportError) -> HTTPResponse {
        try send(request, cancellation: cancellation)
    }

    /// A transport without TLS settings of its own (a stub in a test) keeps none.
    public var tls: TLSSettings { TLSSettings() }
    public func setTLS(_ tls: TLSSettings) {}

    /// A transport that cannot fetch several at once leaves every request to `send`.
    public func prefetch(_ requests: [HTTPRequest], cancellation: CancellationToken?) -> [HTTPResponse?] {
        Array(repeating: nil, count: requests.count)
    }
}
