import APIDescriptions
import Facade
import HTTPClient
import HTTPTypes
import JSON
import Secrets
import TestSupport

/// URL normalisation and scope checks. Must hold: normalising twice changes nothing; a normalised path
/// has no dot segments; a scope check gives the same answer on the normalised URLs; an http(s) URL is in
/// its own scope. And the URL an OpenAPI call shows, built with the second URL's text and each of its
/// segments as its path parameter and the first as its query parameter, is the one it sends, and libcurl (`CurlRequestTarget`, `CURLOPT_PATH_AS_IS`) puts
/// exactly its path and query on the request line. An input is a base and a URL separated by NUL.
struct URLTarget: FuzzTarget {
    let name = "urls"
    private let schemes = ["http://", "https://", "HTTP://", "file://", "ftp://", "h+t.p-://", "", "1http://", "http:", "mailto:"]
    private let authorities = ["127.0.0.1:1877", "api.example", "API.Example:80", "h:443", "u:p@h", "a@b@h", "[::1]:8080",
                               "[::1", "h:", "h:99999", "h:08080", "", "%41.example", "h:abc", "u:pa'ss@h"]
    private let segments = ["/", "svc", "..", ".", "%2e", "%2E%2e", ".%2e", "%2f", "a", "%7Euser", "%", "%zz", "//", "é",
                            "~", "a;b", "..;", "\\", " "]
    private let tails = ["", "?q=1", "?x=/../y", "#frag", "#a/../b", "?", "#", "?a#b"]

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        func url() -> [UInt8] {
            var text = random.pick(schemes) + random.pick(authorities)
            for _ in 0..<random.length(upTo: 12) {
                text += random.pick(segments)
                if random.chance(50) { text += "/" }
            }
            text += random.pick(tails)
            var bytes = Array(text.utf8)
            if random.chance(10) { bytes.mutate(using: &random, dictionary: segments.map { Array($0.utf8) }) }
            return bytes.filter { $0 != 0 }
        }
        return url() + [0] + url()
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        let halves = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(decoding: halves.first ?? [], as: UTF8.self)
        let url = String(decoding: halves.count > 1 ? halves[1] : [], as: UTF8.self)
        for text in [base, url] {
            let once = URLNormalization.normalize(text)
            let twice = URLNormalization.normalize(once)
            if once != twice { throw FuzzFailure("not idempotent: '\(text)' → '\(once)' → '\(twice)'") }
            if let parts = URLNormalization.parse(text) {
                let path = "/" + parts.path + "/"
                if path.contains("/../") || path.contains("/./") { throw FuzzFailure("dot segment left in '\(once)'") }
                if parts.hasAuthority, ["http", "https"].contains(parts.scheme), !URLScope.contains(base: text, url: text) {
                    throw FuzzFailure("'\(text)' is not in its own scope")
                }
            }
        }
        // The whole text, and each of its segments (`..`, `%2E%2e`, `a;b`), as a path parameter.
        for value in [url] + url.split(separator: "/").prefix(8).map(String.init) {
            try checkShownIsSent(pathValue: value, queryValue: base)
        }
        let inside = URLScope.contains(base: base, url: url)
        let normalizedInside = URLScope.contains(base: URLNormalization.normalize(base), url: URLNormalization.normalize(url))
        if inside != normalizedInside { throw FuzzFailure("scope of '\(url)' under '\(base)' changes with normalisation") }
    }

    /// The server and operations the sent-versus-shown property builds its calls with: one plain template,
    /// and one whose literal dot segments libcurl would remove without `CURLOPT_PATH_AS_IS`.
    private static let origin = "http://127.0.0.1:1877"
    private static let operations: [OpenAPIOperation] = {
        let parameters = #"[{"name":"id","in":"path","required":true,"schema":{"type":"string"}},"#
            + #"{"name":"q","in":"query","schema":{"type":"string"}}]"#
        let spec = #"{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"#
            + #""/items/{id}":{"get":{"operationId":"plain","parameters":\#(parameters),"responses":{}}},"#
            + #""/up/../items/{id}/.":{"get":{"operationId":"dotted","parameters":\#(parameters),"responses":{}}}}}"#
        guard let document = try? JSONValue.parse(spec), let parsed = try? OpenAPIDocument.parse(document, source: "") else { return [] }
        return ["plain", "dotted"].compactMap(parsed.operation(named:))
    }()

    private func checkShownIsSent(pathValue: String, queryValue: String) throws(FuzzFailure) {
        guard Self.operations.count == 2 else { throw FuzzFailure("the sent-versus-shown spec does not parse") }
        for operation in Self.operations {
            try checkShownIsSent(operation, pathValue: pathValue, queryValue: queryValue)
        }
    }

    private func checkShownIsSent(_ operation: OpenAPIOperation, pathValue: String, queryValue: String) throws(FuzzFailure) {
        let built: (url: String, query: [FormField], headers: [FormField], body: HTTPBody)
        do {
            built = try OpenAPICall.build(operation, baseURL: Self.origin + "/svc", arguments: ["id=" + pathValue, "q==" + queryValue],
                                          checked: false)
        } catch {
            // An item the call refuses (an empty name, a bad escape) sends nothing, so shows nothing either.
            return
        }
        var request = HTTPRequest(url: built.url, query: built.query)
        request.pathAsBuilt = true
        let shown = QueryString.append(request.query, to: request.url)
        guard request.sentURL == shown else { throw FuzzFailure("shown '\(shown)', sent '\(request.sentURL)'") }
        guard let target = CurlRequestTarget.of(request.sentURL, pathAsIs: true) else {
            throw FuzzFailure("libcurl refuses the URL '\(shown)' that a call built")
        }
        guard Self.origin + target == shown else { throw FuzzFailure("shown '\(shown)', libcurl sends '\(target)'") }
    }
}
