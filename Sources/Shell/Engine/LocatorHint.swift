#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The next step after a locator could not be loaded, when the way it was written suggests one.
public enum LocatorHint {
    /// `--locator 127.0.0.1:8080/services.json` is read as a file path: a `host:port` start without a
    /// scheme most likely meant a URL. Returns `missing http://? try: http://127.0.0.1:8080/services.json`,
    /// or nil when `source` has a scheme, is an explicit path (`/`, `.`, `~`) or exists as a file.
    public static func missingScheme(_ source: String) -> String? {
        guard !source.contains("://"), let first = source.first, !"/.~".contains(first),
              !FileManager.default.fileExists(atPath: source) else { return nil }
        let authority = source.prefix { $0 != "/" && $0 != "?" }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        let host = authority[..<colon]
        let port = authority[authority.index(after: colon)...]
        guard !host.isEmpty, !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber),
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
        else { return nil }
        return "missing http://? try: http://\(source)"
    }
}
