import CCurl
import HTTPTypes
import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CurlTransport {
    /// Transfers in flight at once, and connections per host: a description's files often all live on
    /// one host, which should see a few connections, not hundreds.
    static let prefetchWindow = 16
    static let prefetchConnectionsPerHost = 4

    /// The GETs at once through a multi handle of their own (the session's handle and its cookies are
    /// not touched), `prefetchWindow` at a time, at most `prefetchConnectionsPerHost` connections per
    /// host. Redirects are not followed here: a 3xx, like any failure, is nil, and `send` then follows it
    /// hop by hop with its checks. Each body is capped as `send` caps it; Ctrl-C ends the lot within a poll.
    public func prefetch(_ requests: [HTTPRequest], cancellation: CancellationToken?) -> [HTTPResponse?] {
        var answers = [HTTPResponse?](repeating: nil, count: requests.count)
        guard requests.count > 1, Self.globalInitialization == CURLE_OK, let multi = apish_curl_multi_init() else { return answers }
        defer { apish_curl_multi_cleanup(multi) }
        _ = apish_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, Self.prefetchConnectionsPerHost)
        var transfers: [UnsafeMutableRawPointer: (index: Int, accumulator: ResponseAccumulator, headers: UnsafeMutablePointer<curl_slist>?)] = [:]
        defer {
            for (easy, transfer) in transfers {
                apish_curl_multi_remove_handle(multi, easy)
                apish_curl_easy_cleanup(easy)
                apish_curl_slist_free_all(transfer.headers)
            }
        }
        var next = 0
        while next < requests.count || !transfers.isEmpty {
            if cancellation?.isCancelled == true { return answers }
            while transfers.count < Self.prefetchWindow, next < requests.count {
                let index = next
                next += 1
                guard (try? URLSchemePolicy.validate(requests[index].fullURL)) != nil,
                      LocatorLocation.isWeb(requests[index].url), let easy = apish_curl_easy_init() else { continue }
                let accumulator = ResponseAccumulator(limit: configuration.maxBodyBytes, cancellation: cancellation)
                var headers: UnsafeMutablePointer<curl_slist>?
                for (name, value) in requests[index].headers where !name.contains(where: \.isNewline) && !value.contains(where: \.isNewline) {
                    headers = apish_curl_slist_append(headers, "\(name): \(value)")
                }
                transfers[easy] = (index, accumulator, headers)
                guard configurePrefetch(easy, url: requests[index].sentURL, headers: headers,
                                        accumulator: accumulator),
                      apish_curl_multi_add_handle(multi, easy) == CURLM_OK
                else {
                    transfers[easy] = nil
                    apish_curl_easy_cleanup(easy)
                    apish_curl_slist_free_all(headers)
                    continue
                }
            }
            var running: Int32 = 0
            guard apish_curl_multi_perform(multi, &running) == CURLM_OK else { return answers }
            var queued: Int32 = 0
            while let message = apish_curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = transfers.removeValue(forKey: easy) else { continue }
                let result = message.pointee.data.result
                var status = 0
                _ = apish_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
                apish_curl_multi_remove_handle(multi, easy)
                apish_curl_easy_cleanup(easy)
                apish_curl_slist_free_all(transfer.headers)
                let accumulator = transfer.accumulator
                guard result == CURLE_OK, !accumulator.exceededLimit, !accumulator.conflictingContentLength,
                      (200..<300).contains(status) || status == 304
                else { continue }
                answers[transfer.index] = HTTPResponse(
                    status: status, headers: accumulator.headers, body: accumulator.body, url: requests[transfer.index].url)
            }
            if transfers.isEmpty, next >= requests.count { break }
            if running > 0 || transfers.count > 0 {
                guard apish_curl_multi_poll(multi, nil, 0, Self.pollInterval, nil) == CURLM_OK else { return answers }
            }
        }
        return answers
    }

    /// The options of one prefetch transfer: those of `send`'s plain GET, without cookies or redirects.
    private func configurePrefetch(
        _ easy: UnsafeMutableRawPointer, url: String, headers: UnsafeMutablePointer<curl_slist>?,
        accumulator: ResponseAccumulator
    ) -> Bool {
        let context = Unmanaged.passUnretained(accumulator).toOpaque()
        let codes = [
            apish_easy_setopt_string(easy, CURLOPT_URL, url),
            apish_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1),
            apish_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, max(configuration.totalTimeout, 1)),
            apish_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(min(configuration.connectTimeout, configuration.totalTimeout), 1)),
            apish_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maxBodyBytes)),
            apish_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            apish_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, configuration.insecure ? 0 : 1),
            apish_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, configuration.insecure ? 0 : 2),
            apish_easy_setopt_string(easy, CURLOPT_NOPROXY, noProxy),
            apish_easy_setopt_string(easy, CURLOPT_PROXY, proxies.proxy(for: url) ?? ""),
            apish_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent),
            apish_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, CurlCallbacks.write),
            apish_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context),
            apish_easy_setopt_header_function(easy, CURLOPT_HEADERFUNCTION, CurlCallbacks.header),
            apish_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context),
            apish_easy_setopt_xferinfo_function(easy, CURLOPT_XFERINFOFUNCTION, CurlCallbacks.progress),
            apish_easy_setopt_pointer(easy, CURLOPT_XFERINFODATA, context),
            apish_easy_setopt_long(easy, CURLOPT_NOPROGRESS, 0),
            apish_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers),
        ]
        // The CAs and client certificate of `send`, so a description behind a private CA is fetched here too.
        let tls = [caFile.map { (CURLOPT_CAINFO, $0) }, caPath.map { (CURLOPT_CAPATH, $0) },
                   configuration.clientCertificate.map { (CURLOPT_SSLCERT, $0) }, configuration.clientKey.map { (CURLOPT_SSLKEY, $0) },
                   configuration.clientKey.map { _ in (CURLOPT_KEYPASSWD, configuration.clientKeyPassword ?? "") }]
        guard tls.allSatisfy({ option in option.map { apish_easy_setopt_string(easy, $0.0, $0.1) == CURLE_OK } ?? true }) else {
            return false
        }
        _ = apish_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        _ = apish_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        return codes.allSatisfy { $0 == CURLE_OK }
    }
}
