import JSON
import HTTPTypes
import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import FoundationFree
import Secrets

extension CurlTransport {
    func error(
        for code: CURLcode, easy: UnsafeMutableRawPointer, request: HTTPRequest, timeouts: HopTimeouts,
        accumulator: ResponseAccumulator, errorBuffer: UnsafeMutablePointer<CChar>
    ) -> TransportError {
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? String(cString: apish_curl_easy_strerror(code)) : detail
        let lastURL = request.url
        if let refusal = clientCertificateRefusal(code, detail: detail, easy: easy, request: request, accumulator: accumulator) {
            return .tls(message: refusal)
        }
        // With a proxy, the connection that failed is the one to the proxy: name it, not the target.
        if code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_PROXY, let proxy = proxies.proxy(for: lastURL) {
            return .proxyUnreachable(proxy: ProxyChoice.shown(proxy))
        }
        switch code {
        case CURLE_COULDNT_CONNECT:
            return .refused(host: Self.authority(of: lastURL, withPort: true) ?? lastURL)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .dns(host: Self.authority(of: lastURL, withPort: false) ?? lastURL)
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(milliseconds: timeoutThatFired(easy: easy, timeouts: timeouts))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            return .tls(message: message)
        case CURLE_GOT_NOTHING:
            return .emptyReply
        case CURLE_PARTIAL_FILE:
            let received = Int(getOffset(easy, CURLINFO_SIZE_DOWNLOAD_T))
            guard let expected = accumulator.contentLength else { return .reset }
            return .truncatedBody(received: received, expected: expected)
        case CURLE_RECV_ERROR where Self.mentions(detail, "chunk"):
            return .malformedChunk
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2_STREAM:
            return .reset
        case CURLE_WEIRD_SERVER_REPLY:
            return .notHTTP(detail: "malformed status line")
        case CURLE_UNSUPPORTED_PROTOCOL where Self.mentions(detail, "HTTP/0.9"):
            return .notHTTP(detail: "no status line")
        case CURLE_UNSUPPORTED_PROTOCOL where Self.mentions(detail, "HTTP version"):
            return .notHTTP(detail: "malformed status line")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupportedScheme(URLSchemePolicy.scheme(of: lastURL) ?? lastURL)
        case CURLE_OUT_OF_MEMORY where accumulator.status != nil || Self.mentions(detail, "header"):
            // libcurl refuses a header line over CURL_MAX_HTTP_HEADER with "out of memory".
            return .headerTooLarge(limit: Self.maxHeaderBytes)
        case CURLE_BAD_CONTENT_ENCODING:
            return .badContentEncoding(accumulator.headers["Content-Encoding"]?.lowercased() ?? "content encoding")
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_URL_MALFORMAT:
            return .invalidURL(lastURL)
        default:
            return .other(code: Int(code.rawValue), message: message)
        }
    }

    /// libcurl's CURL_MAX_HTTP_HEADER: the longest header line it accepts.
    private static let maxHeaderBytes = 100 * 1024

    /// What a server that refused the client certificate (mutual TLS) did, in words, rather than the "connection
    /// reset" it looks like: the TLS 1.3 alert 116 (certificate required), an alert about the certificate given,
    /// or, with one given, a connection reset right after the handshake and before any answer. Nil otherwise.
    private func clientCertificateRefusal(
        _ code: CURLcode, detail: String, easy: UnsafeMutableRawPointer, request: HTTPRequest, accumulator: ResponseAccumulator
    ) -> String? {
        guard URLSchemePolicy.scheme(of: request.url) == "https" else { return nil }
        let given = configuration.clientCertificate != nil
        if Self.mentions(detail, "certificate required") {
            return given ? "the server refused the client certificate (alert: certificate required)"
                : "the server requires a client certificate (give one with --cert and --key)"
        }
        let handshakeDone = getOffset(easy, CURLINFO_APPCONNECT_TIME_T) > 0
        let closedAfterHandshake = (code == CURLE_RECV_ERROR || code == CURLE_SEND_ERROR) && handshakeDone && accumulator.status == nil
        guard given else {
            // The reset can beat the alert to the client: the server closed, and most likely for this reason.
            return closedAfterHandshake
                ? "the server closed the connection right after the handshake; it may require a client certificate (give one with --cert and --key)"
                : nil
        }
        for alert in ["unknown ca", "bad certificate", "certificate unknown", "certificate revoked", "certificate expired",
                      "unsupported certificate", "access denied", "decrypt error"] where Self.mentions(detail, "alert " + alert) {
            return "the server refused the client certificate (alert: \(alert))"
        }
        guard closedAfterHandshake else { return nil }
        return "the server refused the client certificate (it closed the connection right after the handshake)"
    }

    private static func mentions(_ text: String, _ word: String) -> Bool {
        text.lowercased().literalRange(of: word.lowercased()) != nil
    }

    /// libcurl reports both timeouts with one code; the elapsed time tells which limit fired. A total
    /// timeout is reported as the request's whole timeout, whichever hop it fired on.
    private func timeoutThatFired(easy: UnsafeMutableRawPointer, timeouts: HopTimeouts) -> Int {
        let connect = min(configuration.connectTimeout, timeouts.hop)
        let elapsed = Int(getOffset(easy, CURLINFO_TOTAL_TIME_T) / 1000)
        return connect < timeouts.hop && elapsed < (connect + timeouts.hop) / 2 ? connect : timeouts.total
    }

    func metrics(of easy: UnsafeMutableRawPointer) -> TransferMetrics {
        func seconds(_ info: CURLINFO) -> Double { Double(getOffset(easy, info)) / 1_000_000 }
        return TransferMetrics(
            dns: seconds(CURLINFO_NAMELOOKUP_TIME_T),
            connect: seconds(CURLINFO_CONNECT_TIME_T),
            tls: seconds(CURLINFO_APPCONNECT_TIME_T),
            firstByte: seconds(CURLINFO_STARTTRANSFER_TIME_T),
            total: seconds(CURLINFO_TOTAL_TIME_T),
            redirects: getLong(easy, CURLINFO_REDIRECT_COUNT),
            bytesReceived: Int(getOffset(easy, CURLINFO_SIZE_DOWNLOAD_T)),
            reusedConnection: getLong(easy, CURLINFO_NUM_CONNECTS) == 0
        )
    }

    func getLong(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> Int {
        var value = 0
        return apish_easy_getinfo_long(easy, info, &value) == CURLE_OK ? value : 0
    }

    func getOffset(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        return apish_easy_getinfo_off_t(easy, info, &value) == CURLE_OK ? Int64(value) : 0
    }

    private func getString(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard apish_easy_getinfo_string(easy, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    static func versionName(_ version: Int) -> String {
        switch version {
        case CURL_HTTP_VERSION_1_0: "1.0"
        case CURL_HTTP_VERSION_2_0: "2"
        case CURL_HTTP_VERSION_3: "3"
        default: "1.1"
        }
    }

    /// `host:port` (or just the host) of a URL as libcurl parses it, brackets kept around IPv6.
    private static func authority(of url: String, withPort: Bool) -> String? {
        guard let handle = apish_curl_url() else { return nil }
        defer { apish_curl_url_cleanup(handle) }
        guard apish_curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
        func part(_ which: CURLUPart, flags: UInt32 = 0) -> String? {
            var value: UnsafeMutablePointer<CChar>?
            guard apish_curl_url_get(handle, which, &value, flags) == CURLUE_OK, let value else { return nil }
            defer { apish_curl_free(value) }
            return String(cString: value)
        }
        guard let host = part(CURLUPART_HOST) else { return nil }
        guard withPort, let port = part(CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)) else { return host }
        return "\(host):\(port)"
    }
}
