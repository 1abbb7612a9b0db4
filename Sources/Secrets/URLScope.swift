import JSON
/// Whether a URL lies under a service's URL: same scheme, host and port, and a path under the service's
/// path on a segment boundary. Credentials are only ever attached inside that scope, so a token for
/// `http://api.example/v1` never reaches `http://api.example.evil/` or `http://api.example:8080/`.
///
/// Both sides are normalised first (`URLNormalization`): `http://api.example/v1/../admin` is outside
/// `http://api.example/v1`, and `HTTP://API.EXAMPLE:80/v1/x` inside it.
public enum URLScope {
    public static func contains(base: String, url: String) -> Bool {
        guard let scope = URLNormalization.parse(base), let target = URLNormalization.parse(url),
              scope.hasAuthority, target.hasAuthority,
              scope.scheme == target.scheme, scope.host == target.host,
              scope.effectivePort == target.effectivePort
        else { return false }
        let basePath = scope.path.hasSuffix("/") ? String(scope.path.dropLast()) : scope.path
        let path = target.path
        return basePath.isEmpty || path == basePath || path.hasPrefix(basePath + "/")
    }

    /// Whether two URLs share scheme, host and port (after normalisation). Unparsable URLs share nothing.
    public static func sameOrigin(_ lhs: String, _ rhs: String) -> Bool {
        guard let left = URLNormalization.parse(lhs), let right = URLNormalization.parse(rhs) else { return false }
        return left.scheme == right.scheme && left.host == right.host && left.effectivePort == right.effectivePort
    }
}
