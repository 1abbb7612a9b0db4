import HTTPClient
import HTTPTypes
import FoundationFree

/// Where an API root says its description is: the targets of its `Link: <…>; rel="service-desc"` headers
/// (RFC 8631), then the usual names under it.
enum LocatorDiscovery {
    static let wellKnownPaths = ["openapi.json", "openapi.yaml", "swagger.json"]

    /// The addresses to try, in order, each once. The usual names are looked for under the root
    /// (`https://host/api` → `https://host/api/openapi.json`).
    static func candidates(for root: String, links: [String]) -> [String] {
        var candidates: [String] = []
        for target in links.flatMap(serviceDescriptions) {
            if let resolved = LocatorLocation.resolve(target, against: root), LocatorLocation.isWeb(resolved) {
                candidates.append(resolved)
            }
        }
        var base = root
        if let end = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = String(base[..<end]) }
        if !base.hasSuffix("/") { base += "/" }
        for path in wellKnownPaths {
            if let resolved = LocatorLocation.resolve(path, against: base) { candidates.append(resolved) }
        }
        var seen: Set<String> = [root]
        return candidates.filter { seen.insert($0).inserted }
    }

    /// The targets of the `service-desc` links in one `Link` header value:
    /// `<https://x/openapi.json>; rel="service-desc", </doc>; rel="service-doc"` → `["https://x/openapi.json"]`.
    static func serviceDescriptions(in header: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            let afterTarget = rest[rest.index(after: close)...]
            let paramsEnd = afterTarget.firstIndex(of: "<") ?? afterTarget.endIndex
            let parameters = afterTarget[..<paramsEnd]
            if relations(in: parameters).contains("service-desc") { targets.append(target) }
            rest = afterTarget[paramsEnd...]
        }
        return targets
    }

    /// The values of the `rel` parameter (space-separated, quoted or not), lowercased.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "rel" else { continue }
            var value = pair[1].trimmingWhitespace()
            if let comma = value.firstIndex(of: ","), !value.hasPrefix("\"") { value = String(value[..<comma]) }
            value = String(value.filter { $0 != "\"" })
            if let comma = value.firstIndex(of: ",") { value = String(value[..<comma]) }
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}
