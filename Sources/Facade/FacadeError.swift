/// What the facade refuses before any request is sent. Each is one line with the next step.
public enum FacadeError: Error, Sendable, Equatable, CustomStringConvertible {
    case noLocator
    case locator(LocatorError)
    case unknownService(String, known: [String])
    case unknownVersion(service: String, version: String, available: [String])
    case noActiveService
    case noNextPage
    case noLocation
    case invalidTarget(String)
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .noLocator:
            return "no locator loaded; try: locate URL|PATH"
        case .locator(let error):
            return error.description
        case let .unknownService(name, known):
            let suggestion = Suggestions.closest(to: name, in: known).map { "; did you mean \($0)?" }
                ?? (known.isEmpty ? "" : "; services: " + known.joined(separator: ", "))
            return "unknown service '\(name)'\(suggestion)"
        case let .unknownVersion(service, version, available):
            return "\(service) has no version \(version); available: \(available.joined(separator: ", "))"
        case .noActiveService:
            return "no service in use; try: use SERVICE VERSION"
        case .noNextPage:
            return "no next page; run: groups near"
        case .noLocation:
            return "no location set; try: location LAT LON or groups near LAT LON"
        case .invalidTarget(let message), .invalidRequest(let message):
            return message
        }
    }
}

/// "Did you mean" by edit distance.
public enum Suggestions {
    /// The candidate closest to `word` (case-insensitive), if it is close enough to be a likely typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        let scored = candidates.map { ($0, distance(lower, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(3, lower.count / 3 + 1))
        if best.1 <= limit { return best.0 }
        if lower.count >= 2, let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(lower) }) { return prefixed }
        return nil
    }

    /// Levenshtein distance.
    public static func distance(_ a: String, _ b: String) -> Int {
        let left = Array(a), right = Array(b)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        for (i, l) in left.enumerated() {
            var current = [i + 1]
            for (j, r) in right.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1)))
            }
            previous = current
        }
        return previous[right.count]
    }
}
