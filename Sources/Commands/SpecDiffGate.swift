import APIDescriptions

/// What fails `diff --spec` in CI: `--fail-on breaking|warning` when a change of that level (or a graver
/// one) is listed, `--check-version` when `info.version` stepped less than the changes call for.
enum SpecDiffGate {
    /// Why the diff fails the gate, or nil when it passes. `diff` is the list shown (its filters applied),
    /// `whole` every change, which the version check reads.
    static func problem(_ diff: SpecDiff.Report, whole: SpecDiff.Report, failOn: SpecChangeLevel?, checkVersion: Bool,
                        versions: (a: String, b: String)) -> String? {
        var problems: [String] = []
        if let failOn {
            let levels = SpecChangeLevel.allCases.filter { $0 <= failOn }
            let count = levels.reduce(0) { $0 + diff.count($1) }
            if count > 0 {
                let named = levels.map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: ", ")
                problems.append("\(named) (--fail-on \(failOn.rawValue))")
            }
        }
        if checkVersion {
            let needed = SemverBump.implied(by: whole)
            if let taken = SemverBump.between(versions.a, versions.b) {
                if taken < needed {
                    problems.append("the changes call for a \(needed) version, but info.version went \(versions.a) → \(versions.b) (\(taken))")
                }
            } else {
                problems.append("info.version \(versions.a) → \(versions.b) is not a step up of MAJOR.MINOR.PATCH (the changes call for \(needed))")
            }
        }
        return problems.isEmpty ? nil : "diff --spec: " + problems.joined(separator: "; ")
    }
}
