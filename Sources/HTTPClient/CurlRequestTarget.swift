import CCurl
import HTTPTypes

/// What libcurl puts on the request line for a URL: the path and query its own URL parser makes of it,
/// with the flags a transfer uses (`CURLOPT_PATH_AS_IS` or not), the path read percent-encoded as a
/// transfer reads it. Lets a test or the fuzzer hold the URL apish shows to the one libcurl sends
/// without a server.
public enum CurlRequestTarget {
    /// `/items/%2E%2E?q=1` for `http://h/items/%2E%2E?q=1` with `pathAsIs`; nil when libcurl refuses the URL.
    public static func of(_ url: String, pathAsIs: Bool) -> String? {
        guard let handle = apish_curl_url() else { return nil }
        defer { apish_curl_url_cleanup(handle) }
        guard apish_curl_url_set(handle, CURLUPART_URL, url, apish_urlu_transfer_flags(pathAsIs ? 1 : 0)) == CURLUE_OK,
              let path = part(handle, CURLUPART_PATH, flags: apish_urlu_urlencode())
        else { return nil }
        // A URL without a query has none to read (CURLUE_NO_QUERY), and the request line no `?`.
        return part(handle, CURLUPART_QUERY, flags: 0).map { path + "?" + $0 } ?? path
    }

    private static func part(_ handle: OpaquePointer, _ which: CURLUPart, flags: UInt32) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard apish_curl_url_get(handle, which, &text, flags) == CURLUE_OK, let text else { return nil }
        defer { apish_curl_free(text) }
        return String(cString: text)
    }
}
