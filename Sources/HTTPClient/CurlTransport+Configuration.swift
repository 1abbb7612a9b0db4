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
    /// A bodiless GET of a first hop without the sent-head trace: the shape whose options `configure` sets
    /// the same way every time but for the URL, the timeouts, the headers and the callbacks' context.
    static func isPlain(_ request: HTTPRequest, isRedirect: Bool) -> Bool {
        request.method == .get && request.body.isEmpty && !request.recordsSentHeaders && !isRedirect && request.login == nil
    }

    /// The hop's login for libcurl to answer the server with (Basic at once, Digest to its challenge), or
    /// none: `RedirectPolicy` has already dropped a login whose scope this hop's URL left.
    func configureLogin(_ easy: UnsafeMutableRawPointer, for request: HTTPRequest) throws(TransportError) {
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
    func configureRequestOptions(
        _ easy: UnsafeMutableRawPointer, for request: HTTPRequest, timeout totalTimeout: Int,
        headers: UnsafeMutablePointer<curl_slist>?, accumulator: ResponseAccumulator, owner: MultipartOwner
    ) throws(TransportError) {
        let options = EasyOptions(easy: easy)
        let context = Unmanaged.passUnretained(accumulator).toOpaque()
        try options.set(CURLOPT_URL, request.url)
        try options.set(CURLOPT_PATH_AS_IS, request.keepsPathAsBuilt ? 1 : 0)
        // The last URL's proxy may not be this one's (loopback, `no_proxy`).
        try options.set(CURLOPT_PROXY, proxies.proxy(for: request.url) ?? "")
        try options.set(CURLOPT_TIMEOUT_MS, max(totalTimeout, 1))
        try options.set(CURLOPT_CONNECTTIMEOUT_MS, max(min(configuration.connectTimeout, totalTimeout), 1))
        try options.set(CURLOPT_WRITEDATA, pointer: context)
        try options.set(CURLOPT_HEADERDATA, pointer: context)
        try options.set(CURLOPT_XFERINFODATA, pointer: context)
        try configureMethodAndBody(options, for: request, owner: owner)
        try options.check(apish_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers))
    }

    /// Sets every option of the transfer on a freshly reset handle.
    func configure(
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
        if let key = configuration.clientKey {
            try options.set(CURLOPT_SSLKEY, key)
            // Never OpenSSL's own prompt on the terminal: the passphrase apish was given, or none.
            try options.set(CURLOPT_KEYPASSWD, configuration.clientKeyPassword ?? "")
        }
        // apish chooses the proxy (`ProxyChoice`): an empty one tells libcurl not to read the environment's.
        try options.set(CURLOPT_PROXY, proxies.proxy(for: request.url) ?? "")
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
        guard let mime = apish_curl_mime_init(options.easy) else { throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "cannot make a multipart body") }
        owner.mime = mime
        for part in parts {
            guard let handle = apish_curl_mime_addpart(mime) else { throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "cannot make a multipart body") }
            try options.check(apish_curl_mime_name(handle, part.name))
            let copied = part.data.withUnsafeBytes { bytes -> CURLcode in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return apish_curl_mime_data(handle, "", 0) }
                return apish_curl_mime_data(handle, base, bytes.count)
            }
            try options.check(copied)
            if let fileName = part.fileName {
                if let disposition = Self.rawBytesDisposition(name: part.name, fileName: fileName) {
                    // libcurl writes a name's bytes as they are; one that is not UTF-8 goes as RFC 5987's
                    // filename* (and an ASCII stand-in), in a Content-Disposition of our own, which libcurl
                    // then does not write.
                    guard let list = apish_curl_slist_append(nil, disposition) else {
                        throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "cannot make a multipart body")
                    }
                    try options.check(apish_curl_mime_headers(handle, list, 1))
                } else {
                    try options.check(apish_curl_mime_filename(handle, fileName))
                }
            }
            if let type = part.contentType { try options.check(apish_curl_mime_type(handle, type)) }
        }
        try options.check(apish_easy_setopt_pointer(options.easy, CURLOPT_MIMEPOST, UnsafeMutableRawPointer(mime)))
        if method != .post {
            try options.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    /// `form-data; name="file"; filename="_.txt"; filename*=UTF-8''%C3%A9.txt` for a file name that holds
    /// bytes that are not UTF-8 (read as Latin-1, the usual reason for them); nil for any other name. The
    /// name is escaped as libcurl escapes it (`"` and line breaks percent-encoded).
    static func rawBytesDisposition(name: String, fileName: String) -> String? {
        guard RawBytesText.holdsRawBytes(fileName) else { return nil }
        var readable = ""
        for scalar in fileName.unicodeScalars {
            if let byte = RawBytesText.rawByte(scalar) {
                readable.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                readable.unicodeScalars.append(scalar)
            }
        }
        func escaped(_ text: String) -> String {
            text.replacingAll("\"", with: "%22").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
        }
        let fallback = String(readable.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" ? Character($0) : "_" })
        // RFC 5987's attr-char: letters, digits and !#$&+-.^_`|~ as they are, every other byte as %XX.
        let encoded = PercentEncoding.encode(readable) { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "!#$&+-.^_`|~".utf8.contains(byte)
        }
        return "Content-Disposition: form-data; name=\"\(escaped(name))\"; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }

    /// The request's headers plus the body's content type, and an empty `Expect:` so that large
    /// bodies are not held back waiting for `100 Continue`. An empty `Name:` removes a header
    /// libcurl would otherwise add.
    func headerLines(for request: HTTPRequest) -> [String] {
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
    static func filePath(of url: String) -> String? {
        guard url.hasPrefixIgnoringASCIICase("file:"), let parsed = URL(string: url), parsed.isFileURL
        else { return nil }
        return parsed.path
    }

    /// A file can only be read, and a directory not at all: libcurl would answer an empty body for one.
    static func checkReadable(_ path: String, method: HTTPMethod) throws(TransportError) {
        guard method == .get || method == .head else {
            throw .localFile(path: path, reason: "only GET and HEAD can read a file, not \(method.rawValue)")
        }
        if FileKind.isDirectory(path) == true {
            throw .localFile(path: path, reason: "is a directory")
        }
    }

    private static func singleLine(_ text: String) -> String {
        // Bytes first: most fields hold no line break, and a byte scan is cheaper than one by Character.
        guard text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }
}
