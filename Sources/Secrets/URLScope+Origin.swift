import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLScope {
    /// The scope a credential typed for a URL gets: scheme, host, port and path, without query or fragment
    /// (`https://API.example.com/v1/?x=1` → `https://api.example.com/v1`). Nil when it is not an http(s) URL.
    public static func origin(of text: String) -> String? {
        guard var parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty
        else { return nil }
        parts.scheme = scheme
        parts.host = host.lowercased()
        parts.query = nil
        parts.fragment = nil
        parts.user = nil
        parts.password = nil
        if parts.path.hasSuffix("/") { parts.path = String(parts.path.dropLast()) }
        return parts.string
    }
}
