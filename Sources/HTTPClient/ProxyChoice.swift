#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree
import Secrets

/// Which proxy a request goes through, decided here rather than left to libcurl's reading of the
/// environment, so that apish knows every proxy URL it may use (their credentials are secrets it masks)
/// and loopback is never proxied.
///
/// `--proxy URL` first, else the environment as curl reads it: `http_proxy` for http (lower case only: CGI
/// servers set `HTTP_PROXY` from a request's `Proxy:` header), `https_proxy` or `HTTPS_PROXY` for https,
/// then `all_proxy` or `ALL_PROXY`; a proxy without a scheme is an http one. Never for loopback
/// (`LoopbackHost`) nor the hosts `no_proxy` or `NO_PROXY` names (`NoProxyList`), whichever way the proxy
/// was given.
public struct ProxyChoice: Sendable, Equatable {
    /// `--proxy URL`, or nil.
    public let explicit: String?
    /// The proxy variables (`variableNames`) as the environment gave them, empty ones left out.
    public let variables: [String: String]
    private let exceptions: NoProxyList
    /// Whether any proxy was given at all (most sessions have none: no URL is even parsed then).
    private let hasProxy: Bool

    /// The variables that choose a proxy or its exceptions.
    public static let variableNames = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
                                       "no_proxy", "NO_PROXY"]

    public init(explicit: String?, environment: [String: String]) {
        self.explicit = explicit.flatMap { $0.isEmpty ? nil : $0 }
        var variables: [String: String] = [:]
        for name in Self.variableNames {
            if let value = environment[name], !value.isEmpty { variables[name] = value }
        }
        self.variables = variables
        exceptions = NoProxyList(variables["no_proxy"] ?? variables["NO_PROXY"] ?? "")
        hasProxy = self.explicit != nil || variables.keys.contains { !$0.lowercased().hasPrefix("no_") }
    }

    /// The proxy variables of this process.
    public static func processVariables() -> [String: String] {
        var environment: [String: String] = [:]
        for name in variableNames {
            environment[name] = getenv(name).map { String(cString: $0) }
        }
        return environment
    }

    /// The proxy `url` goes through, or nil to go straight to it.
    public func proxy(for url: String) -> String? {
        guard hasProxy, let parts = URLNormalization.parse(url), parts.scheme == "http" || parts.scheme == "https",
              !LoopbackHost.contains(parts.host), !exceptions.contains(parts.host)
        else { return nil }
        let given = explicit ?? (parts.scheme == "http" ? variables["http_proxy"] : variables["https_proxy"] ?? variables["HTTPS_PROXY"])
            ?? variables["all_proxy"] ?? variables["ALL_PROXY"]
        return given.map { $0.contains("://") ? $0 : "http://" + $0 }
    }

    /// A proxy URL without its user information: for a message naming the proxy (`cannot connect to proxy
    /// http://127.0.0.1:4090`).
    public static func shown(_ proxy: String) -> String {
        guard let parts = URLNormalization.parse(proxy.contains("://") ? proxy : "http://" + proxy) else { return proxy }
        return parts.scheme + "://" + parts.host + (parts.port.map { ":\($0)" } ?? "")
    }

    /// The credentials of every proxy given (`--proxy` and every variable, used here or not): each password
    /// and `user:password` (the form Basic proxy credentials are encoded from), decoded and as written.
    /// Secrets to mask wherever they would show.
    public var secrets: [String] {
        var found: [String] = []
        for proxy in [explicit].compactMap({ $0 }) + variables.keys.sorted().compactMap({ variables[$0] }) {
            for secret in Self.credentials(of: proxy) where !found.contains(secret) { found.append(secret) }
        }
        return found
    }

    private static func credentials(of proxy: String) -> [String] {
        let afterScheme = proxy.firstRange(of: "://").map { proxy[$0.upperBound...] } ?? proxy[...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return [] }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return [] }
        let user = String(userInfo[..<colon])
        let password = String(userInfo[userInfo.index(after: colon)...])
        guard !password.isEmpty else { return [] }
        func decoded(_ text: String) -> String { PercentEncoding.strictDecode(text) ?? text }
        var forms = [decoded(password), decoded(user) + ":" + decoded(password)]
        if decoded(password) != password { forms += [password, user + ":" + password] }
        return forms
    }
}
