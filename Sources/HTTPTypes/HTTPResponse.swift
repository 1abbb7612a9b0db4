import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A complete response: whatever the status, a response that arrived is a response, not an error.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Headers of the final response only (after redirects).
    public var headers: HTTPHeaders
    /// The body, already decompressed when the server used a content encoding.
    public var body: Data
    /// The URL that produced this response, after redirects, normalised (`URLNormalization`).
    public var url: String
    /// `"1.0"`, `"1.1"`, `"2"` or `"3"`.
    public var httpVersion: String
    public var metrics: TransferMetrics
    /// The request line and headers as libcurl sent them on the final hop (`GET /x HTTP/1.1`, `Host: …`),
    /// when the request asked for them (`HTTPRequest.recordsSentHeaders`); empty otherwise.
    public var sentHead: [String] = []
    /// The redirects followed before this response, first hop first (empty when none was followed).
    public var redirects: [RedirectHop] = []
    /// The transfer was cancelled (Ctrl-C) while its answer streamed to an observer: `body` holds what had
    /// arrived, not the whole answer.
    public var interrupted = false

    public init(
        status: Int,
        headers: HTTPHeaders = [:],
        body: Data = Data(),
        url: String,
        httpVersion: String = "1.1",
        metrics: TransferMetrics = TransferMetrics()
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.httpVersion = httpVersion
        self.metrics = metrics
    }

    /// The URL of the last hop, after every redirect: the same as `url`, named for what it is.
    public var finalURL: String { url }

    /// The body as UTF-8 text, with invalid bytes replaced rather than failing.
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }
}

/// One redirect that was followed: what was asked and what answered (`301`… with its `Location`).
public struct RedirectHop: Sendable, Equatable {
    public var method: HTTPMethod
    /// The hop's URL, normalised.
    public var url: String
    public var status: Int
    public var headers: HTTPHeaders
    /// The request head as sent on this hop, when the request asked for it (`verbose`).
    public var sentHead: [String]

    public init(method: HTTPMethod, url: String, status: Int, headers: HTTPHeaders, sentHead: [String] = []) {
        self.method = method
        self.url = url
        self.status = status
        self.headers = headers
        self.sentHead = sentHead
    }

    /// The `Location` the hop answered with, as sent.
    public var location: String? { headers["Location"] }
}
