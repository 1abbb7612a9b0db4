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
