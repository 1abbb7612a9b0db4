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

/// The libcurl transport: one easy handle inside one multi handle, reused for every request so
/// connections stay alive between requests. Requests are serialized.
///
/// The multi interface is used even for one transfer at a time because its poll loop wakes every
/// 50 ms, which is what lets a `CancellationToken` stop a request that is silently waiting.
public final class CurlTransport: Transport {
    /// The settings in force: those given at the start, with the TLS part replaced by `setTLS`.
    public var configuration: TransportConfiguration { current.withLock { $0 } }
    private let current: Mutex<TransportConfiguration>
    private let handles: Mutex<CurlHandles>
    /// The proxy of each request (none for loopback), made once from the configuration.
    let proxies: ProxyChoice
    /// libcurl's own list of hosts never proxied: a second lock behind `proxies`, which already leaves loopback out.
    let noProxy = "localhost,127.0.0.1,::1"
    /// The CA bundle and folder the environment names, as curl reads it (`CURL_CA_BUNDLE`, else
    /// `SSL_CERT_FILE`; `SSL_CERT_DIR`): used when the configuration names none.
    private let environmentCAFile: String?
    private let environmentCAPath: String?
    /// The CA bundle and folder: the configuration's, else the environment's.
    var caFile: String? { configuration.caFile ?? environmentCAFile }
    var caPath: String? { configuration.caPath ?? environmentCAPath }

    /// How long one poll may block before the cancellation token is checked again.
    static let pollInterval: Int32 = 50
    /// How long a transfer polling for its answer polls its socket before libcurl looks again.
    static let spinSlice: Duration = .milliseconds(1)

    /// libcurl must be initialised once per process before any handle exists; a static `let` is
    /// initialised exactly once, thread-safely.
    static let globalInitialization: CURLcode = apish_curl_global_init(Int(CURL_GLOBAL_ALL))

    public init(configuration: TransportConfiguration = TransportConfiguration()) {
        current = Mutex(configuration)
        handles = Mutex(CurlHandles(answerPollWindow: configuration.answerPollWindow))
        proxies = configuration.proxyChoice
        // The variables that choose libcurl's certificate authorities.
        var environment: [String: String] = [:]
        for name in ["CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"] {
            environment[name] = getenv(name).map { String(cString: $0) }
        }
        func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        environmentCAFile = nonEmpty("CURL_CA_BUNDLE") ?? nonEmpty("SSL_CERT_FILE")
        environmentCAPath = nonEmpty("SSL_CERT_DIR")
    }

    public var tls: TLSSettings { configuration.tls }

    public func setTLS(_ tls: TLSSettings) {
        handles.withLock { (handles: inout CurlHandles) in
            current.withLock { $0.tls = tls }
            // A handle reused as it is keeps its last transfer's TLS options: the next transfer sets them all.
            handles.configuredForPlainGet = false
        }
    }

    deinit {
        handles.withLock { $0.release() }
    }

    /// How long the next transfer polls for its answer before it sleeps (`ResponseWait`).
    var pollWindow: Duration { handles.withLock { $0.responseWait.pollWindow } }

    public func send(_ request: HTTPRequest, cancellation: CancellationToken?) throws(TransportError) -> HTTPResponse {
        try send(request, cancellation: cancellation, streamingTo: nil)
    }

    public func send(
        _ request: HTTPRequest, cancellation: CancellationToken?, streamingTo stream: (any ResponseStreaming)?
    ) throws(TransportError) -> HTTPResponse {
        try handles.withLock { (handles: inout CurlHandles) throws(TransportError) -> HTTPResponse in
            try follow(request, cancellation: cancellation, stream: stream, handles: &handles)
        }
    }

    public func cookieJar() -> [String] {
        handles.withLock { (handles: inout CurlHandles) -> [String] in
            guard let (easy, _, _) = try? handles.acquire() else { return [] }
            var list: UnsafeMutablePointer<curl_slist>?
            guard apish_easy_getinfo_slist(easy, CURLINFO_COOKIELIST, &list) == CURLE_OK else { return [] }
            defer { apish_curl_slist_free_all(list) }
            var lines: [String] = []
            var node = list
            while let current = node {
                if let data = current.pointee.data { lines.append(String(cString: data)) }
                node = current.pointee.next
            }
            return lines
        }
    }

    public func restoreCookieJar(_ lines: [String]) {
        handles.withLock { (handles: inout CurlHandles) in
            guard let (easy, _, _) = try? handles.acquire() else { return }
            // Each line is one cookie; a line break inside one would be read as a second.
            for line in lines where !line.isEmpty && !line.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
                _ = apish_easy_setopt_string(easy, CURLOPT_COOKIELIST, line)
            }
        }
    }

    public func clearCookies() {
        handles.withLock { (handles: inout CurlHandles) in
            guard let (easy, _, _) = try? handles.acquire() else { return }
            _ = apish_easy_setopt_string(easy, CURLOPT_COOKIELIST, "ALL")
        }
    }

    /// Sends the request and follows its redirects hop by hop (`RedirectPolicy`): libcurl's own following
    /// is off, because only here can every hop's credentials be checked against their scopes. The total
    /// timeout covers all hops; the metrics of the final hop are reported after the time of the earlier ones.
    private func follow(
        _ request: HTTPRequest, cancellation: CancellationToken?, stream: (any ResponseStreaming)?, handles: inout CurlHandles
    ) throws(TransportError) -> HTTPResponse {
        let totalTimeout = request.timeout ?? configuration.totalTimeout
        let clock = ContinuousClock()
        let started = clock.now
        var hop = try handles.firstHop(of: request)
        var earlierHopsTime = 0.0
        var redirects = 0
        var hops: [RedirectHop] = []
        while true {
            if cancellation?.isCancelled == true { throw .cancelled }
            // Whole milliseconds from the duration's parts: dividing durations goes through floating point.
            let (seconds, attoseconds) = (clock.now - started).components
            let remaining = totalTimeout - Int(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
            guard remaining > 0 else { throw .timeout(milliseconds: totalTimeout) }
            let timeouts = HopTimeouts(hop: remaining, total: totalTimeout)
            var response = try perform(hop, isRedirect: redirects > 0, timeouts: timeouts, cancellation: cancellation, stream: stream,
                                       handles: &handles)
            let next = configuration.maxRedirects > 0
                ? try RedirectPolicy.nextHop(afterStatus: response.status, headers: response.headers, of: hop) : nil
            guard let next else {
                response.metrics = response.metrics.following(earlierHopsTime, redirects: redirects)
                response.redirects = hops
                return response
            }
            guard redirects < configuration.maxRedirects else { throw .tooManyRedirects(limit: configuration.maxRedirects) }
            redirects += 1
            hops.append(RedirectHop(method: hop.method, url: hop.url, status: response.status, headers: response.headers,
                                    sentHead: response.sentHead))
            earlierHopsTime += response.metrics.total
            hop = next
        }
    }

    /// The time one hop may take, and the request's whole timeout that an error reports.
    struct HopTimeouts {
        let hop: Int
        let total: Int
    }

    /// One hop: one request and its response, redirects not followed.
    private func perform(
        _ request: HTTPRequest, isRedirect: Bool, timeouts: HopTimeouts, cancellation: CancellationToken?,
        stream: (any ResponseStreaming)?, handles: inout CurlHandles
    ) throws(TransportError) -> HTTPResponse {
        if cancellation?.isCancelled == true { throw .cancelled }
        let filePath = isRedirect ? nil : Self.filePath(of: request.url)
        if let filePath { try Self.checkReadable(filePath, method: request.method) }
        let (easy, multi, errorBuffer) = try handles.acquire()
        let accumulator = ResponseAccumulator(limit: configuration.maxBodyBytes, cancellation: cancellation, stream: stream)
        // The headers libcurl really sends (Host, User-Agent, Accept-Encoding, …), for `verbose` only.
        let sentHead = request.recordsSentHeaders ? SentHeadRecorder() : nil
        let multipart = MultipartOwner(easy: easy)
        defer { withExtendedLifetime((accumulator, sentHead, multipart)) {} }

        errorBuffer[0] = 0
        // The header list must outlive the transfer; libcurl only keeps a pointer to it. The handles keep
        // the last one, reused while the lines stay the same (most requests of a session send the same).
        let headerList = handles.headerList(for: request.headers, contentType: request.body.contentType) { headerLines(for: request) }
        // A plain GET after a plain GET: every option but the request's own is already set as it would be
        // after a reset and a full configuration, so only those are set again.
        let plain = Self.isPlain(request, isRedirect: isRedirect)
        let reusesOptions = plain && handles.configuredForPlainGet
        handles.configuredForPlainGet = false
        if reusesOptions {
            try configureRequestOptions(easy, for: request, timeout: timeouts.hop, headers: headerList, accumulator: accumulator,
                                        owner: multipart)
        } else {
            apish_curl_easy_reset(easy)
            try configure(easy, for: request, isRedirect: isRedirect, timeout: timeouts.hop, headers: headerList,
                          accumulator: accumulator, errorBuffer: errorBuffer, owner: multipart)
        }
        try configureLogin(easy, for: request)
        if let sentHead {
            let options = EasyOptions(easy: easy)
            try options.set(CURLOPT_VERBOSE, 1)
            try options.check(apish_easy_setopt_debug_function(easy, CURLOPT_DEBUGFUNCTION, CurlCallbacks.debug))
            try options.set(CURLOPT_DEBUGDATA, pointer: Unmanaged.passUnretained(sentHead).toOpaque())
        }

        let result: CURLcode
        do {
            result = try run(easy, in: multi, pollWindow: handles.responseWait.pollWindow, cancellation: cancellation)
        } catch {
            handles.responseWait.record(firstByte: nil)
            if error == .cancelled, var partial = interruptedStream(accumulator, easy: easy, request: request) {
                if let sentHead { partial.sentHead = sentHead.lines }
                return partial
            }
            throw error
        }
        // Only an answer that came is a measure of the server's speed.
        handles.responseWait.record(firstByte: result == CURLE_OK ? Double(getOffset(easy, CURLINFO_STARTTRANSFER_TIME_T)) / 1_000_000 : nil)
        // Only a handle that finished a transfer normally is trusted to keep its options for the next one.
        handles.configuredForPlainGet = plain && result == CURLE_OK
        if accumulator.exceededLimit || result == CURLE_FILESIZE_EXCEEDED {
            throw .tooLarge(limit: configuration.maxBodyBytes)
        }
        if accumulator.conflictingContentLength { throw .conflictingContentLength }
        var headers = accumulator.headers
        // An unsolicited upgrade is an answer, not a broken transfer: the 101 and its headers are the response.
        guard result == CURLE_OK || accumulator.upgraded else {
            if result == CURLE_ABORTED_BY_CALLBACK, accumulator.isCancelled,
               var partial = interruptedStream(accumulator, easy: easy, request: request) {
                if let sentHead { partial.sentHead = sentHead.lines }
                return partial
            }
            if let filePath, result == CURLE_FILE_COULDNT_READ_FILE {
                let exists = FileManager.default.fileExists(atPath: filePath)
                throw .localFile(path: filePath, reason: exists ? "not readable" : "no such file")
            }
            throw error(for: result, easy: easy, request: request, timeouts: timeouts, accumulator: accumulator,
                        errorBuffer: errorBuffer)
        }
        var status = accumulator.upgraded ? 101 : getLong(easy, CURLINFO_RESPONSE_CODE)
        if let filePath {
            // libcurl reports no status for a file it read; a file that was read is the 200 of a web server.
            if status == 0 { status = 200 }
            if headers["Content-Type"] == nil, filePath.lowercased().hasSuffix(".json") {
                headers.set("Content-Type", "application/json")
            }
        }
        var response = HTTPResponse(
            status: status,
            headers: headers,
            body: accumulator.upgraded ? Data() : accumulator.body,
            url: request.url,
            httpVersion: Self.versionName(getLong(easy, CURLINFO_HTTP_VERSION)),
            metrics: metrics(of: easy)
        )
        if let sentHead { response.sentHead = sentHead.lines }
        return response
    }

    /// What had arrived of an answer that an observer was showing as it came when the transfer was cancelled:
    /// the answer so far, marked `interrupted` (Ctrl-C ends a stream and keeps what came). Nil when nothing
    /// was being shown so: a cancelled request is then a failure, as ever.
    private func interruptedStream(
        _ accumulator: ResponseAccumulator, easy: UnsafeMutableRawPointer, request: HTTPRequest
    ) -> HTTPResponse? {
        guard accumulator.streamShown, let status = accumulator.status else { return nil }
        var response = HTTPResponse(status: status, headers: accumulator.headers, body: accumulator.body, url: request.url,
                                    httpVersion: accumulator.httpVersion, metrics: metrics(of: easy))
        response.interrupted = true
        return response
    }

    /// Drives the transfer to its end, checking the cancellation token at least every poll interval. For the
    /// first `pollWindow` it polls without sleeping (`ResponseWait`).
    private func run(
        _ easy: UnsafeMutableRawPointer, in multi: UnsafeMutableRawPointer, pollWindow: Duration,
        cancellation: CancellationToken?
    ) throws(TransportError) -> CURLcode {
        try check(apish_curl_multi_add_handle(multi, easy))
        // Removing the handle also aborts an unfinished transfer and closes its connection.
        defer { apish_curl_multi_remove_handle(multi, easy) }
        let clock = ContinuousClock()
        let sleepFrom = pollWindow > .zero ? clock.now + pollWindow : nil
        var running: Int32 = 1
        while true {
            try check(apish_curl_multi_perform(multi, &running))
            if running == 0 { break }
            if cancellation?.isCancelled == true { throw .cancelled }
            if let sleepFrom, case let now = clock.now, now < sleepFrom {
                // Back to libcurl at least every spin slice, for its timeouts and the cancellation token.
                let socket = apish_multi_read_socket(multi)
                if socket >= 0 {
                    _ = ResponseWait.spin(untilReadable: socket, before: min(sleepFrom, now + Self.spinSlice), clock: clock)
                } else {
                    try check(apish_curl_multi_poll(multi, nil, 0, 0, nil))
                }
                continue
            }
            try check(apish_curl_multi_poll(multi, nil, 0, Self.pollInterval, nil))
        }
        var result = CURLE_OK
        var queued: Int32 = 0
        while let message = apish_curl_multi_info_read(multi, &queued) {
            if message.pointee.msg == CURLMSG_DONE && message.pointee.easy_handle == easy {
                result = message.pointee.data.result
            }
        }
        return result
    }

    private func check(_ code: CURLMcode) throws(TransportError) {
        guard code != CURLM_OK else { return }
        throw .other(code: Int(code.rawValue), message: String(cString: apish_curl_multi_strerror(code)))
    }

}

/// The easy and multi handles of one transport plus the error buffer libcurl writes into.
/// Only ever touched under the transport's mutex.
struct CurlHandles {
    private var easy: UnsafeMutableRawPointer?
    private var multi: UnsafeMutableRawPointer?
    private var errorBuffer: UnsafeMutablePointer<CChar>?
    /// The header list of the last transfer, and the headers and body type it was made for: libcurl keeps
    /// only a pointer, so it lives here until another request's replace it (or the handles are released).
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var headerSource: (headers: HTTPHeaders, contentType: String?)?
    /// Whether the easy handle's last transfer was a plain GET that ended normally (see `CurlTransport.isPlain`).
    var configuredForPlainGet = false
    /// How fast the last answer came, which decides how the next transfer waits.
    var responseWait: ResponseWait
    /// The last first hop's full URL, checked and normalised: the same URL again (a replayed `refresh`)
    /// is neither parsed nor normalised again. Both are pure functions of the URL.
    private var checkedURL: (full: String, pathAsBuilt: Bool, sent: String)?

    init(answerPollWindow: Duration) {
        responseWait = ResponseWait(window: answerPollWindow)
    }

    /// `RedirectPolicy.firstHop`, with the check and normalisation of a URL seen last time remembered.
    mutating func firstHop(of request: HTTPRequest) throws(TransportError) -> HTTPRequest {
        let full = request.fullURL
        let sent: String
        // By bytes: a canonically equal URL (`é` or `e` + U+0301) is another URL on the wire.
        if let checkedURL, checkedURL.full.hasSameBytes(as: full), checkedURL.pathAsBuilt == request.pathAsBuilt {
            sent = checkedURL.sent
        } else {
            try URLSchemePolicy.validate(full)
            sent = request.sentURL
            checkedURL = (full, request.pathAsBuilt, sent)
        }
        return RedirectPolicy.firstHop(of: request, checkedSentURL: sent)
    }

    /// A libcurl list of the header lines of a request with these headers and body type (`lines` makes
    /// them): the last list again while both are the same, byte for byte, without making the lines again.
    mutating func headerList(
        for headers: HTTPHeaders, contentType: String?, lines makeLines: () -> [String]
    ) -> UnsafeMutablePointer<curl_slist>? {
        if let headerSource, headerSource.headers.sameBytes(as: headers), headerSource.contentType == contentType {
            return headerList
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in makeLines() {
            list = apish_curl_slist_append(list, line)
        }
        // The old list is no longer used: the handle is given the new one before its next transfer.
        apish_curl_slist_free_all(headerList)
        headerList = list
        headerSource = (headers, contentType)
        return list
    }

    /// The handles, created on first use so that constructing a transport cannot fail.
    mutating func acquire() throws(TransportError) -> (
        easy: UnsafeMutableRawPointer, multi: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>
    ) {
        if let easy, let multi, let errorBuffer { return (easy, multi, errorBuffer) }
        let initialization = CurlTransport.globalInitialization
        guard initialization == CURLE_OK else {
            let reason = apish_curl_error().map { String(cString: $0) }
            throw .other(code: Int(initialization.rawValue), message: reason.map { "libcurl could not be loaded: \($0)" } ?? "libcurl could not be initialised")
        }
        release()
        guard let newEasy = apish_curl_easy_init(), let newMulti = apish_curl_multi_init() else {
            throw .other(code: Int(CURLE_FAILED_INIT.rawValue), message: "libcurl could not create a handle")
        }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        buffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        easy = newEasy
        multi = newMulti
        errorBuffer = buffer
        return (newEasy, newMulti, buffer)
    }

    mutating func release() {
        if let easy { apish_curl_easy_cleanup(easy) }
        if let multi { apish_curl_multi_cleanup(multi) }
        errorBuffer?.deallocate()
        apish_curl_slist_free_all(headerList)
        headerList = nil
        headerSource = nil
        configuredForPlainGet = false
        responseWait = ResponseWait(window: responseWait.window)
        easy = nil
        multi = nil
        errorBuffer = nil
    }
}

/// Owns the MIME handle of one transfer's multipart body, freed once the transfer is over, after the easy
/// handle has let go of it.
final class MultipartOwner {
    let easy: UnsafeMutableRawPointer
    var mime: OpaquePointer?

    init(easy: UnsafeMutableRawPointer) {
        self.easy = easy
    }

    deinit {
        guard let mime else { return }
        _ = apish_easy_setopt_pointer(easy, CURLOPT_MIMEPOST, nil)
        apish_curl_mime_free(mime)
    }
}

/// Thin throwing setters over the typed C wrappers, so each option is one readable line.
struct EasyOptions {
    let easy: UnsafeMutableRawPointer

    func set(_ option: CURLoption, _ value: Int) throws(TransportError) {
        try check(apish_easy_setopt_long(easy, option, value))
    }

    func set(_ option: CURLoption, _ value: String) throws(TransportError) {
        try check(apish_easy_setopt_string(easy, option, value))
    }

    func set(_ option: CURLoption, offset value: Int64) throws(TransportError) {
        try check(apish_easy_setopt_off_t(easy, option, curl_off_t(value)))
    }

    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer) throws(TransportError) {
        try check(apish_easy_setopt_pointer(easy, option, value))
    }

    func set(_ option: CURLoption, pointer value: UnsafeMutablePointer<CChar>) throws(TransportError) {
        try check(apish_easy_setopt_pointer(easy, option, value))
    }

    func setIfSupported(_ option: CURLoption, _ value: String) {
        _ = apish_easy_setopt_string(easy, option, value)
    }

    func check(_ code: CURLcode) throws(TransportError) {
        guard code != CURLE_OK else { return }
        throw .other(code: Int(code.rawValue), message: String(cString: apish_curl_easy_strerror(code)))
    }
}
