/// The step of a semantic version (`MAJOR.MINOR.PATCH`) a change set calls for, and the one two
/// `info.version`s took: a breaking change needs a new major version, an addition a new minor one, any
/// other change a new patch (`diff --spec --check-version`).
public enum SemverBump: Int, Sendable, Comparable, CustomStringConvertible {
    case none, patch, minor, major

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .none: "none"
        case .patch: "patch"
        case .minor: "minor"
        case .major: "major"
        }
    }

    /// What `report` calls for: major for a breaking change, minor for an addition (`endpoint-added`,
    /// `new-optional-request-parameter`, `…-added`), patch for anything else, none for no change.
    public static func implied(by report: SpecDiff.Report) -> SemverBump {
        if report.breaking > 0 { return .major }
        if report.changes.contains(where: { $0.id.hasPrefix("new-") || $0.id.hasSuffix("-added") }) { return .minor }
        return report.total > 0 ? .patch : .none
    }

    /// The step from version `a` to version `b` (`1.4.2` → `2.0.0` is major; a leading `v` is allowed,
    /// a pre-release or build suffix ignored); nil when either is not `MAJOR.MINOR.PATCH` or `b` is lower.
    public static func between(_ a: String, _ b: String) -> SemverBump? {
        guard let from = parts(a), let to = parts(b) else { return nil }
        if to.0 != from.0 { return to.0 > from.0 ? .major : nil }
        if to.1 != from.1 { return to.1 > from.1 ? .minor : nil }
        if to.2 != from.2 { return to.2 > from.2 ? .patch : nil }
        return SemverBump.none
    }

    private static func parts(_ version: String) -> (Int, Int, Int)? {
        var text = Substring(version)
        if text.first == "v" || text.first == "V" { text = text.dropFirst() }
        let core = text.prefix { $0 != "-" && $0 != "+" }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let major = numbers[0], let minor = numbers[1], let patch = numbers[2],
              major >= 0, minor >= 0, patch >= 0
        else { return nil }
        return (major, minor, patch)
    }
}
