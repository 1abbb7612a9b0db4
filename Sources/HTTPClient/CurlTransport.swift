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
    /// Who sees bodies as they arrive, while `streaming` runs.
    private let observer = Mutex<(any ResponseStreaming)?>(nil)
    let noProxy: String
    /// The CA bundle and folder the environment names, as curl reads it (`CURL_CA_BUNDLE`, else
    /// `SSL_CERT_FILE`; `SSL_CERT_DIR`): used when the configuration names none.
    private let environmentCAFile: String?
    private let environmentCAPath: String?
    /// The CA bundle and folder: the configuration's, else the environment's.
    var caFile: String? { configuration.caFile ?? environmentCAFile }
    var caPath: String? { configuration.caPath ?? environmentCAPath }

    /// How long one poll may block before the cancellation token is checked again.
    static let pollInterval: Int32 = 50
    private static let loopbackHosts = "localhost,127.0.0.1,::1"

    /// Setting CURLOPT_NOPROXY replaces the `no_proxy` variable, so the user's list is kept by
    /// appending it to the loopback hosts.
    private static func noProxyList(environment: [String: String]) -> String {
        let userList = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        return userList.isEmpty ? loopbackHosts : loopbackHosts + "," + userList
    }

    /// libcurl must be initialised once per process before any handle exists; a static `let` is
    /// initialised exactly once, thread-safely.
    static let globalInitialization: CURLcode = curl_global_init(Int(CURL_GLOBAL_ALL))

    public init(configuration: TransportConfiguration = TransportConfiguration()) {
        current = Mutex(configuration)
        handles = Mutex(CurlHandles(answerPollWindow: configuration.answerPollWindow))
        // The variables that choose libcurl's proxy exceptions and certificate authorities.
        var environment: [String: String] = [:]
        for name in ["no_proxy", "NO_PROXY", "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"] {
            environment[name] = getenv(name).map { String(cString: $0) }
        }
        noProxy = Self.noProxyList(environment: environment)
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
        try handles.withLock { (handles: inout CurlHandles) throws(TransportError) -> HTTPResponse in
            try follow(request, cancellation: cancellation, handles: &handles)
        }
    }

    public func streaming<T, E: Error>(to observer: (any ResponseStreaming)?, _ body: () throws(E) -> T) throws(E) -> T {
        let previous = self.observer.withLock { current in
            defer { current = observer }
            return current
        }
        defer { self.observer.withLock { $0 = previous } }
        return try body()
    }

    public func cookieJar() -> [String] {
        handles.withLock { (handles: inout CurlHandles) -> [String] in
            guard let (easy, _, _) = try? handles.acquire() else { return [] }
            var list: UnsafeMutablePointer<curl_slist>?
            guard apish_easy_getinfo_slist(easy, CURLINFO_COOKIELIST, &list) == CURLE_OK else { return [] }
            defer { curl_slist_free_all(list) }
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
        _ request: HTTPRequest, cancellation: CancellationToken?, handles: inout CurlHandles
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
            let remaining = totalTimeout - Int((clock.now - started) / .milliseconds(1))
            guard remaining > 0 else { throw .timeout(milliseconds: totalTimeout) }
            let timeouts = HopTimeouts(hop: remaining, total: totalTimeout)
            var response = try perform(hop, isRedirect: redirects > 0, timeouts: timeouts, cancellation: cancellation, handles: &handles)
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
    private struct HopTimeouts {
        let hop: Int
        let total: Int
    }

    /// One hop: one request and its response, redirects not followed.
    private func perform(
        _ request: HTTPRequest, isRedirect: Bool, timeouts: HopTimeouts, cancellation: CancellationToken?,
        handles: inout CurlHandles
    ) throws(TransportError) -> HTTPResponse {
        if cancellation?.isCancelled == true { throw .cancelled }
        let filePath = isRedirect ? nil : Self.filePath(of: request.url)
        if let filePath { try Self.checkReadable(filePath, method: request.method) }
        let (easy, multi, errorBuffer) = try handles.acquire()
        let accumulator = ResponseAccumulator(limit: configuration.maxBodyBytes, cancellation: cancellation)
        accumulator.stream = observer.withLock { $0 }
        let sentHead = SentHeadRecorder()
        let multipart = MultipartOwner(easy: easy)
        defer { withExtendedLifetime((accumulator, sentHead, multipart)) {} }

        errorBuffer[0] = 0
        // The header list must outlive the transfer; libcurl only keeps a pointer to it. The handles keep
        // the last one, reused while the lines stay the same (most requests of a session send the same).
        let headerList = handles.headerList(lines: headerLines(for: request))
        // A plain GET after a plain GET: every option but the request's own is already set as it would be
        // after a reset and a full configuration, so only those are set again.
        let plain = Self.isPlain(request, isRedirect: isRedirect)
        let reusesOptions = plain && handles.configuredForPlainGet
        handles.configuredForPlainGet = false
        if reusesOptions {
            try configureRequestOptions(easy, for: request, timeout: timeouts.hop, headers: headerList, accumulator: accumulator,
                                        owner: multipart)
        } else {
            curl_easy_reset(easy)
            try configure(easy, for: request, isRedirect: isRedirect, timeout: timeouts.hop, headers: headerList,
                          accumulator: accumulator, errorBuffer: errorBuffer, owner: multipart)
        }
        try configureLogin(easy, for: request)
        if request.recordsSentHeaders {
            // The headers libcurl really sends (Host, User-Agent, Accept-Encoding, …), for `verbose`.
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
                if request.recordsSentHeaders { partial.sentHead = sentHead.lines }
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
                if request.recordsSentHeaders { partial.sentHead = sentHead.lines }
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
        if request.recordsSentHeaders { response.sentHead = sentHead.lines }
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

    /// A bodiless GET of a first hop without the sent-head trace: the shape whose options `configure` sets
    /// the same way every time but for the URL, the timeouts, the headers and the callbacks' context.
    private static func isPlain(_ request: HTTPRequest, isRedirect: Bool) -> Bool {
        request.method == .get && request.body.isEmpty && !request.recordsSentHeaders && !isRedirect && request.login == nil
    }

    /// The hop's login for libcurl to answer the server with (Basic at once, Digest to its challenge), or
    /// none: `RedirectPolicy` has already dropped a login whose scope this hop's URL left.
    private func configureLogin(_ easy: UnsafeMutableRawPointer, for request: HTTPRequest) throws(TransportError) {
        let options = EasyOptions(easy: easy)
        guard let login = request.login, URLScope.contains(base: login.scope, url: request.url) else {
            // A handle reused without a reset must not keep a login from an earlier transfer.
            if request.login != nil {
                try options.check(apish_easy_setopt_string(easy, CURLOPT_USERNAME, nil))
                try options.check(apish_easy_setopt_string(easy, CURLOPT_PASSWORD, nil))
            }
            return
        }
        try options.set(CURLOPT_HTTPAUTH, login.scheme == .digest ? apish_auth_digest() : apish_auth_basic())
        try options.set(CURLOPT_USERNAME, login.user)
        try options.set(CURLOPT_PASSWORD, login.password)
    }

    /// The options of a plain GET that change from one request to the next, on a handle whose last
    /// transfer was a plain GET configured by `configure` (so every other option already holds its value).
    private func configureRequestOptions(
        _ easy: UnsafeMutableRawPointer, for request: HTTPRequest, timeout totalTimeout: Int,
        headers: UnsafeMutablePointer<curl_slist>?, accumulator: ResponseAccumulator, owner: MultipartOwner
    ) throws(TransportError) {
        let options = EasyOptions(easy: easy)
        let context = Unmanaged.passUnretained(accumulator).toOpaque()
        try options.set(CURLOPT_URL, request.url)
        try options.set(CURLOPT_PATH_AS_IS, request.keepsPathAsBuilt ? 1 : 0)
        try options.set(CURLOPT_TIMEOUT_MS, max(totalTimeout, 1))
        try options.set(CURLOPT_CONNECTTIMEOUT_MS, max(min(configuration.connectTimeout, totalTimeout), 1))
        try options.set(CURLOPT_WRITEDATA, pointer: context)
        try options.set(CURLOPT_HEADERDATA, pointer: context)
        try options.set(CURLOPT_XFERINFODATA, pointer: context)
        try configureMethodAndBody(options, for: request, owner: owner)
        try options.check(apish_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers))
    }

    /// Sets every option of the transfer on a freshly reset handle.
    private func configure(
        _ easy: UnsafeMutableRawPointer, for request: HTTPRequest, isRedirect: Bool, timeout totalTimeout: Int,
        headers: UnsafeMutablePointer<curl_slist>?, accumulator: ResponseAccumulator,
        errorBuffer: UnsafeMutablePointer<CChar>, owner: MultipartOwner
    ) throws(TransportError) {
        let options = EasyOptions(easy: easy)
        let context = Unmanaged.passUnretained(accumulator).toOpaque()

        try options.set(CURLOPT_ERRORBUFFER, pointer: errorBuffer)
        try options.set(CURLOPT_URL, request.url)
        // A path built from parameters goes as built: libcurl would otherwise remove its dot segments.
        try options.set(CURLOPT_PATH_AS_IS, request.keepsPathAsBuilt ? 1 : 0)
        try options.set(CURLOPT_NOSIGNAL, 1)
        try options.set(CURLOPT_TIMEOUT_MS, max(totalTimeout, 1))
        try options.set(CURLOPT_CONNECTTIMEOUT_MS, max(min(configuration.connectTimeout, totalTimeout), 1))
        try options.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(configuration.maxBodyBytes))
        // Redirects are followed by `follow`, hop by hop, so that credentials are checked on each.
        try options.set(CURLOPT_FOLLOWLOCATION, 0)
        try options.set(CURLOPT_SSL_VERIFYPEER, configuration.insecure ? 0 : 1)
        try options.set(CURLOPT_SSL_VERIFYHOST, configuration.insecure ? 0 : 2)
        try options.set(CURLOPT_NOPROXY, noProxy)
        if let caFile { try options.set(CURLOPT_CAINFO, caFile) }
        if let caPath { try options.set(CURLOPT_CAPATH, caPath) }
        if let certificate = configuration.clientCertificate { try options.set(CURLOPT_SSLCERT, certificate) }
        if let key = configuration.clientKey { try options.set(CURLOPT_SSLKEY, key) }
        if let proxy = configuration.proxy { try options.set(CURLOPT_PROXY, proxy) }
        try options.set(CURLOPT_USERAGENT, configuration.userAgent)
        // libcurl's cookie engine, with no file: cookies live in the handle for the session, and since the
        // same handle makes every hop, a cookie set by a redirect goes with the next hop where it applies.
        try options.set(CURLOPT_COOKIEFILE, "")
        // Optional niceties: a libcurl built without them still sends requests correctly.
        options.setIfSupported(CURLOPT_ACCEPT_ENCODING, "")
        // `file` serves locators whose service URLs resolved to local files. A redirect may never lead to a
        // local file: that would let a remote server make apish read this machine's files. `RedirectPolicy`
        // refuses such a hop first; this is the second lock.
        options.setIfSupported(CURLOPT_PROTOCOLS_STR, isRedirect ? "http,https" : "http,https,file")

        try options.check(apish_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, CurlCallbacks.write))
        try options.set(CURLOPT_WRITEDATA, pointer: context)
        try options.check(apish_easy_setopt_header_function(easy, CURLOPT_HEADERFUNCTION, CurlCallbacks.header))
        try options.set(CURLOPT_HEADERDATA, pointer: context)
        try options.check(apish_easy_setopt_xferinfo_function(easy, CURLOPT_XFERINFOFUNCTION, CurlCallbacks.progress))
        try options.set(CURLOPT_XFERINFODATA, pointer: context)
        try options.set(CURLOPT_NOPROGRESS, 0)

        try configureMethodAndBody(options, for: request, owner: owner)
        try options.check(apish_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers))
    }

    private func configureMethodAndBody(
        _ options: EasyOptions, for request: HTTPRequest, owner: MultipartOwner
    ) throws(TransportError) {
        let method = request.method
        if method == .head {
            try options.set(CURLOPT_NOBODY, 1)
            return
        }
        if request.body.isEmpty && method != .post {
            if method == .get {
                try options.set(CURLOPT_HTTPGET, 1)
            } else {
                try options.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
            }
            return
        }
        if case .multipart(let parts) = request.body {
            try configureMultipart(options, parts: parts, method: method, owner: owner)
            return
        }
        let data = request.body.data
        try options.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(data.count))
        // COPYPOSTFIELDS copies the bytes at once, so no buffer has to outlive this call.
        let copied = data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                return apish_easy_setopt_pointer(options.easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            }
            return apish_easy_setopt_string(options.easy, CURLOPT_COPYPOSTFIELDS, "")
        }
        try options.check(copied)
        if method != .post {
            try options.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    /// A multipart body through libcurl's MIME API: each part's name, bytes (copied by libcurl), file name
    /// and type; libcurl writes the boundary into the `Content-Type` itself. The MIME handle lives until
    /// the next transfer's set-up or the handle's release (`CurlHandles.mime`).
    private func configureMultipart(
        _ options: EasyOptions, parts: [MultipartPart], method: HTTPMethod, owner: MultipartOwner
    ) throws(TransportError) {
        guard let mime = curl_mime_init(options.easy) else { throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "cannot make a multipart body") }
        owner.mime = mime
        for part in parts {
            guard let handle = curl_mime_addpart(mime) else { throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "cannot make a multipart body") }
            try options.check(curl_mime_name(handle, part.name))
            let copied = part.data.withUnsafeBytes { bytes -> CURLcode in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return curl_mime_data(handle, "", 0) }
                return curl_mime_data(handle, base, bytes.count)
            }
            try options.check(copied)
            if let fileName = part.fileName { try options.check(curl_mime_filename(handle, fileName)) }
            if let type = part.contentType { try options.check(curl_mime_type(handle, type)) }
        }
        try options.check(apish_easy_setopt_pointer(options.easy, CURLOPT_MIMEPOST, UnsafeMutableRawPointer(mime)))
        if method != .post {
            try options.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    /// The request's headers plus the body's content type, and an empty `Expect:` so that large
    /// bodies are not held back waiting for `100 Continue`. An empty `Name:` removes a header
    /// libcurl would otherwise add.
    private func headerLines(for request: HTTPRequest) -> [String] {
        var lines: [String] = []
        for (name, value) in request.headers {
            // A line break inside a field would let one header inject others.
            let name = Self.singleLine(name), value = Self.singleLine(value)
            // `Name;` is libcurl's way to send a header with an empty value.
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        if !request.headers.contains("Content-Type") {
            // An empty `Content-Type:` stops libcurl from labelling a bodiless POST as a form.
            lines.append("Content-Type:" + (request.body.contentType.map { " " + $0 } ?? ""))
        }
        if !request.headers.contains("Expect") {
            lines.append("Expect:")
        }
        return lines
    }

    /// The local path of a `file://` URL, nil for any other URL.
    private static func filePath(of url: String) -> String? {
        guard url.lowercased().hasPrefix("file:"), let parsed = URL(string: url), parsed.isFileURL else { return nil }
        return parsed.path
    }

    /// A file can only be read, and a directory not at all: libcurl would answer an empty body for one.
    private static func checkReadable(_ path: String, method: HTTPMethod) throws(TransportError) {
        guard method == .get || method == .head else {
            throw .localFile(path: path, reason: "only GET and HEAD can read a file, not \(method.rawValue)")
        }
        if FileKind.isDirectory(path) == true {
            throw .localFile(path: path, reason: "is a directory")
        }
    }

    private static func singleLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }


    /// Drives the transfer to its end, checking the cancellation token at least every poll interval. For the
    /// first `pollWindow` it polls without sleeping (`ResponseWait`).
    private func run(
        _ easy: UnsafeMutableRawPointer, in multi: UnsafeMutableRawPointer, pollWindow: Duration,
        cancellation: CancellationToken?
    ) throws(TransportError) -> CURLcode {
        try check(curl_multi_add_handle(multi, easy))
        // Removing the handle also aborts an unfinished transfer and closes its connection.
        defer { curl_multi_remove_handle(multi, easy) }
        let clock = ContinuousClock()
        let sleepFrom = pollWindow > .zero ? clock.now + pollWindow : nil
        var running: Int32 = 1
        while true {
            try check(curl_multi_perform(multi, &running))
            if running == 0 { break }
            if cancellation?.isCancelled == true { throw .cancelled }
            let polling = sleepFrom.map { clock.now < $0 } ?? false
            try check(curl_multi_poll(multi, nil, 0, polling ? 0 : Self.pollInterval, nil))
        }
        var result = CURLE_OK
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            if message.pointee.msg == CURLMSG_DONE && message.pointee.easy_handle == easy {
                result = message.pointee.data.result
            }
        }
        return result
    }

    private func check(_ code: CURLMcode) throws(TransportError) {
        guard code != CURLM_OK else { return }
        throw .other(code: Int(code.rawValue), message: String(cString: curl_multi_strerror(code)))
    }


    private func error(
        for code: CURLcode, easy: UnsafeMutableRawPointer, request: HTTPRequest, timeouts: HopTimeouts,
        accumulator: ResponseAccumulator, errorBuffer: UnsafeMutablePointer<CChar>
    ) -> TransportError {
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        let lastURL = request.url
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

    private func metrics(of easy: UnsafeMutableRawPointer) -> TransferMetrics {
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

    private func getLong(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> Int {
        var value = 0
        return apish_easy_getinfo_long(easy, info, &value) == CURLE_OK ? value : 0
    }

    private func getOffset(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        return apish_easy_getinfo_off_t(easy, info, &value) == CURLE_OK ? Int64(value) : 0
    }

    private func getString(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard apish_easy_getinfo_string(easy, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    private static func versionName(_ version: Int) -> String {
        switch version {
        case CURL_HTTP_VERSION_1_0: "1.0"
        case CURL_HTTP_VERSION_2_0: "2"
        case CURL_HTTP_VERSION_3: "3"
        default: "1.1"
        }
    }

    /// `host:port` (or just the host) of a URL as libcurl parses it, brackets kept around IPv6.
    private static func authority(of url: String, withPort: Bool) -> String? {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
        func part(_ which: CURLUPart, flags: UInt32 = 0) -> String? {
            var value: UnsafeMutablePointer<CChar>?
            guard curl_url_get(handle, which, &value, flags) == CURLUE_OK, let value else { return nil }
            defer { curl_free(value) }
            return String(cString: value)
        }
        guard let host = part(CURLUPART_HOST) else { return nil }
        guard withPort, let port = part(CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)) else { return host }
        return "\(host):\(port)"
    }
}

/// The easy and multi handles of one transport plus the error buffer libcurl writes into.
/// Only ever touched under the transport's mutex.
private struct CurlHandles {
    private var easy: UnsafeMutableRawPointer?
    private var multi: UnsafeMutableRawPointer?
    private var errorBuffer: UnsafeMutablePointer<CChar>?
    /// The header list of the last transfer and its lines: libcurl keeps only a pointer, so it lives here
    /// until lines that differ replace it (or the handles are released).
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var headerLines: [String]?
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
        if let checkedURL, checkedURL.full == full, checkedURL.pathAsBuilt == request.pathAsBuilt {
            sent = checkedURL.sent
        } else {
            try URLSchemePolicy.validate(full)
            sent = request.sentURL
            checkedURL = (full, request.pathAsBuilt, sent)
        }
        return RedirectPolicy.firstHop(of: request, checkedSentURL: sent)
    }

    /// A libcurl list of these header lines: the last one again when the lines are the same.
    mutating func headerList(lines: [String]) -> UnsafeMutablePointer<curl_slist>? {
        if let headerLines, headerLines == lines { return headerList }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            list = curl_slist_append(list, line)
        }
        // The old list is no longer used: the handle is given the new one before its next transfer.
        curl_slist_free_all(headerList)
        headerList = list
        headerLines = lines
        return list
    }

    /// The handles, created on first use so that constructing a transport cannot fail.
    mutating func acquire() throws(TransportError) -> (
        easy: UnsafeMutableRawPointer, multi: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>
    ) {
        if let easy, let multi, let errorBuffer { return (easy, multi, errorBuffer) }
        let initialization = CurlTransport.globalInitialization
        guard initialization == CURLE_OK else {
            throw .other(code: Int(initialization.rawValue), message: "libcurl could not be initialised")
        }
        release()
        guard let newEasy = curl_easy_init(), let newMulti = curl_multi_init() else {
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
        if let easy { curl_easy_cleanup(easy) }
        if let multi { curl_multi_cleanup(multi) }
        errorBuffer?.deallocate()
        curl_slist_free_all(headerList)
        headerList = nil
        headerLines = nil
        configuredForPlainGet = false
        responseWait = ResponseWait(window: responseWait.window)
        easy = nil
        multi = nil
        errorBuffer = nil
    }
}

/// Thin throwing setters over the typed C wrappers, so each option is one readable line.
/// Owns the MIME handle of one transfer's multipart body, freed once the transfer is over, after the easy
/// handle has let go of it.
private final class MultipartOwner {
    let easy: UnsafeMutableRawPointer
    var mime: OpaquePointer?

    init(easy: UnsafeMutableRawPointer) {
        self.easy = easy
    }

    deinit {
        guard let mime else { return }
        _ = apish_easy_setopt_pointer(easy, CURLOPT_MIMEPOST, nil)
        curl_mime_free(mime)
    }
}

private struct EasyOptions {
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
        throw .other(code: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
    }
}
