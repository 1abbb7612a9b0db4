import JSON
import HTTPTypes
import Secrets
/// Which URL schemes a request may use, and the words for one that may not.
///
/// A request may start at `http`, `https` or `file` (service files next to a local locator); a redirect
/// may only lead to `http` or `https`, so a remote server can never make apish read a local file or
/// speak another protocol (`dict://`, `gopher://`).
public enum URLSchemePolicy {
    /// Schemes a request may be sent to.
    public static let requestSchemes: Set<String> = ["http", "https", "file"]
    /// Schemes a redirect may lead to.
    public static let redirectSchemes: Set<String> = ["http", "https"]

    /// The lower-cased scheme of an absolute URL (`FTP://x` → `ftp`), nil for anything else.
    public static func scheme(of url: String) -> String? {
        URLNormalization.parse(url)?.scheme
    }

    /// Throws unless `url` is an absolute URL with a scheme a request may use:
    /// `.unsupportedScheme("ftp")` for `ftp://…`, `.invalidURL` for text that is not an absolute URL.
    public static func validate(_ url: String) throws(TransportError) {
        guard let scheme = scheme(of: url) else { throw .invalidURL(url) }
        guard requestSchemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
    }
}
