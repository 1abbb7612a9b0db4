import Foundation

/// Whether a URL lies under a service's URL: same scheme, host and port, and a path under the service's
/// path on a segment boundary. Credentials are only ever attached inside that scope, so a token for
/// `http://api.example/v1` never reaches `http://api.example.evil/` or `http://api.example:8080/`.
public enum URLScope {
    public static func contains(base: String, url: String) -> Bool {
        guard let baseParts = URLComponents(string: base), let parts = URLComponents(string: url),
              let scheme = baseParts.scheme?.lowercased(), scheme == parts.scheme?.lowercased(),
              let host = baseParts.host?.lowercased(), host == parts.host?.lowercased(),
              effectivePort(baseParts) == effectivePort(parts)
        else { return false }
        let basePath = baseParts.path.hasSuffix("/") ? String(baseParts.path.dropLast()) : baseParts.path
        let path = parts.path
        return basePath.isEmpty || path == basePath || path.hasPrefix(basePath + "/")
    }

    private static func effectivePort(_ parts: URLComponents) -> Int? {
        if let port = parts.port { return port }
        switch parts.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
