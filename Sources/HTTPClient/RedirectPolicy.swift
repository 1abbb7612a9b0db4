import JSON
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import Secrets

/// How the transport follows redirects, hop by hop, the way curl does (RFC 9110 §15.4) but with the
/// credential checks curl cannot make:
///
/// - 301, 302, 303, 307 and 308 with a `Location` are followed; the location is resolved against the
///   hop's URL (RFC 3986 §5.2) and normalised;
/// - 303 turns any method but HEAD into a bodiless GET; 301 and 302 turn POST into a bodiless GET;
///   307 and 308 keep method and body;
/// - a location whose scheme is not http or https is refused (`TransportError.redirectRefused`), and so
///   is one outside the request's `redirectScope` (`TransportError.redirectLeavesScope`);
/// - on every hop, the first included, each header scoped in `HTTPRequest.credentialScopes` is sent only
///   when the hop's URL lies in its scope, and on a hop to another origin `Authorization`, `Cookie` and
///   every other credential-like header without a scope are dropped, and so is a `Host` set by hand.
///   A dropped header stays dropped; so does a Basic or Digest login (`HTTPRequest.login`) whose scope a
///   hop leaves.
enum RedirectPolicy {
    static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The first hop: the URL (query appended) normalised, the scheme checked, scoped credentials
    /// outside their scope removed.
    static func firstHop(of request: HTTPRequest) throws(TransportError) -> HTTPRequest {
        try URLSchemePolicy.validate(request.fullURL)
        return firstHop(of: request, checkedSentURL: request.sentURL)
    }

    /// `firstHop(of:)` for a request whose full URL was already validated and normalised into `sentURL`.
    static func firstHop(of request: HTTPRequest, checkedSentURL sentURL: String) -> HTTPRequest {
        // A request already sent as written, with nothing to withhold (a replayed `refresh`), is its own hop.
        // Its URL compared by bytes: what is sent must be `sentURL` exactly, not a canonically equal text.
        if request.query.isEmpty, request.headers.isEmpty, request.login == nil, request.url.hasSameBytes(as: sentURL) {
            return request
        }
        var hop = request
        hop.url = sentURL
        hop.query = []
        // Nothing to withhold from a request without credential scopes or headers (the common case).
        if !request.headers.isEmpty || request.login != nil { withholdCredentials(from: &hop, crossingOrigin: false) }
        return hop
    }

    /// The request for the hop after `status`/`headers`, or nil when that response is the final one.
    static func nextHop(afterStatus status: Int, headers: HTTPHeaders, of hop: HTTPRequest) throws(TransportError) -> HTTPRequest? {
        guard followedStatuses.contains(status), let location = headers["Location"],
              !location.trimmingWhitespace().isEmpty
        else { return nil }
        guard let resolved = resolve(location.trimmingWhitespace(), against: hop.url) else {
            throw .invalidURL(location)
        }
        guard let scheme = URLSchemePolicy.scheme(of: resolved), URLSchemePolicy.redirectSchemes.contains(scheme) else {
            throw .redirectRefused(scheme: URLSchemePolicy.scheme(of: resolved) ?? "unknown")
        }
        var next = hop
        next.url = URLNormalization.normalize(resolved)
        next.pathAsBuilt = false
        if let scope = hop.redirectScope, !URLScope.contains(base: scope, url: next.url) {
            throw .redirectLeavesScope(location: next.url, scope: scope)
        }
        next.query = []
        if status == 303 && hop.method != .head || (status == 301 || status == 302) && hop.method == .post {
            next.method = .get
            next.body = .none
            next.headers.remove("Content-Type")
            next.headers.remove("Content-Length")
        }
        let crossingOrigin = !URLScope.sameOrigin(hop.url, next.url)
        withholdCredentials(from: &next, crossingOrigin: crossingOrigin)
        // A Host set by hand names the first host; another host must get its own.
        if crossingOrigin { next.headers.remove("Host") }
        return next
    }

    /// Removes the credentials `request` may not carry to its URL.
    static func withholdCredentials(from request: inout HTTPRequest, crossingOrigin: Bool) {
        if let login = request.login, !URLScope.contains(base: login.scope, url: request.url) { request.login = nil }
        var withheld: [String] = []
        for (name, _) in request.headers {
            let key = name.lowercased()
            if let scope = request.credentialScopes[key] {
                if !URLScope.contains(base: scope, url: request.url) { withheld.append(name) }
            } else if crossingOrigin && Redactor.isCredentialLikeHeader(name) {
                withheld.append(name)
            }
        }
        for name in withheld {
            request.headers.remove(name)
        }
    }

    /// RFC 3986 §5.2.2 reference resolution of a `Location` against the URL that answered with it.
    /// Bytes a URL cannot hold raw (spaces, controls, non-ASCII) are percent-encoded first, as curl does.
    static func resolve(_ reference: String, against base: String) -> String? {
        let reference = encodeUnsafeBytes(reference)
        if URLNormalization.parse(reference) != nil { return reference }
        guard let base = URLNormalization.parse(base), base.hasAuthority else { return nil }
        var target = base
        target.fragment = nil
        let (path, query, fragment) = splitReference(reference)
        if path.hasPrefix("//") {
            // A network-path reference: a new authority under the base's scheme.
            return URLNormalization.parse(base.scheme + ":" + reference)?.text
        }
        if path.isEmpty {
            target.query = query ?? base.query
        } else {
            if path.hasPrefix("/") {
                target.path = URLNormalization.removeDotSegments(path)
            } else {
                let directory = base.path.lastIndex(of: "/").map { String(base.path[...$0]) } ?? "/"
                target.path = URLNormalization.removeDotSegments(directory + path)
            }
            target.query = query
        }
        target.fragment = fragment
        return target.text
    }

    private static func splitReference(_ reference: String) -> (path: String, query: String?, fragment: String?) {
        var rest = Substring(reference)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        return (String(rest), query, fragment)
    }

    private static func encodeUnsafeBytes(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) else { return text }
        return PercentEncoding.encode(text) { $0 > 0x20 && $0 < 0x7F }
    }
}
