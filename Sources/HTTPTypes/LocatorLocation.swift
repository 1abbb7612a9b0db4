import JSON
import FoundationFree
import Secrets
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a locator or a service lives: an `http(s)://` URL, a `file://` URL or a plain path.
public enum LocatorLocation {
    /// Whether the text names a web location.
    public static func isWeb(_ text: String) -> Bool {
        text.hasPrefixIgnoringASCIICase("http://") || text.hasPrefixIgnoringASCIICase("https://")
    }

    /// Whether text is written as an absolute URL with an authority (`name://…`), whatever the scheme.
    /// Where a typed target may be a URL or a service name, text for which this is true is a URL, so
    /// that `get ftp://host/x` is refused for its scheme rather than taken for a service named `ftp:`.
    public static func looksLikeURL(_ text: String) -> Bool {
        guard let parts = URLNormalization.parse(text) else { return false }
        return parts.hasAuthority
    }

    /// Resolves `reference` against `base` (a URL or a path) the way a browser resolves a link.
    /// Absolute references are returned unchanged; nil when the result is not a usable URL.
    public static func resolve(_ reference: String, against base: String) -> String? {
        if let url = URL(string: reference), let scheme = url.scheme, !scheme.isEmpty, scheme.count > 1 {
            return reference
        }
        let baseURL: URL?
        if isWeb(base) || base.lowercased().hasPrefix("file://") {
            baseURL = URL(string: base)
        } else {
            baseURL = URL(fileURLWithPath: base)
        }
        let encoded = PercentEncoding.encode(reference, keeping: isReferenceByte)
        guard let baseURL, let resolved = URL(string: encoded, relativeTo: baseURL)
        else { return nil }
        return resolved.absoluteString
    }

    /// Where `locate ARG` should load from, given the locator already loaded (if any): an absolute URL
    /// as is; an existing file, or anything written as a path (`/x`, `./x`, `~/x`), as a path; otherwise a reference relative to the current locator,
    /// so `locate services-next.json` finds the document next to the current one.
    public static func target(for argument: String, current: String?) -> String {
        if isWeb(argument) || argument.lowercased().hasPrefix("file://") { return argument }
        let expanded = expandTilde(argument)
        let looksLikePath = ["/", "./", "../", "~"].contains { argument.hasPrefix($0) }
        if looksLikePath || FileManager.default.fileExists(atPath: expanded) { return expanded }
        if let current, let resolved = resolve(argument, against: current) { return resolved }
        return expanded
    }

    /// `~/x` → `$HOME/x`.
    public static func expandTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + path.dropFirst()
    }

    /// `CharacterSet.urlQueryAllowed` plus `#` and `%`.
    private static func isReferenceByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isURLQueryAllowed(byte) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "%")
    }
}
