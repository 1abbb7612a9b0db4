import Facade
import JSON
import APIDescriptions
import Rendering

/// How `diff SERVICE A B --spec` shows the changes between two OpenAPI documents: grouped by operation
/// (in `SpecDiff`'s order, breaking ones first within each), then by shared component with the operations
/// that use it, each line with its level (breaking red, warning yellow, info green) and its id, then one
/// summary line; its `--json` data; and its Markdown changelog.
///
/// ```
/// GET /pets
///   breaking  parameter species  added (required string)   new-required-request-parameter
///   info      parameter limit    …
/// components.schemas.Pet
///   used by: GET /pets, POST /pets
///   breaking  Pet.tag            removed (string)          response-optional-property-removed
/// 12 changes between petstore v1 and v2: 3 breaking, 1 warning, 8 info
/// ```
package enum SpecChangeList {
    /// Locations longer than this do not widen the column for every other line.
    static let maxLocationColumn = 36
    /// More added operations than this fold into one line (the HTML report's group opens on a click).
    static let foldedAdditions = 10

    package static func lines(_ changes: [SpecChange], style: TextStyle = .plain) -> [String] {
        let (shown, added) = folded(changes)
        let locationWidth = min(maxLocationColumn, shown.map { DisplayWidth.of($0.location) }.max() ?? 0)
        let levelWidth = SpecChangeLevel.allCases.map { DisplayWidth.of($0.rawValue) }.max() ?? 0
        var lines: [String] = []
        var operation: String?
        for change in shown {
            if change.operation != operation {
                operation = change.operation
                lines.append(style.bold(change.operation))
                if change.isComponent { lines.append("  used by: " + usedBy(change.usedBy)) }
            }
            lines.append("  " + coloured(padded(change.level.rawValue, to: levelWidth), change.level, style) + "  "
                + padded(change.location, to: locationWidth) + "  " + change.what + "  " + style.dim(change.id))
        }
        if !added.isEmpty {
            lines.append(style.bold("\(added.count) operations added") + " (" + added.prefix(3).map(\.operation).joined(separator: ", ")
                + ", …; diff … --spec --only endpoint-added lists them)")
        }
        return lines
    }

    /// The changes listed one by one, and the added operations folded into one line when there are many.
    package static func folded(_ changes: [SpecChange]) -> (shown: [SpecChange], added: [SpecChange]) {
        let added = changes.filter { $0.id == "endpoint-added" }
        guard added.count > foldedAdditions, added.count < changes.count else { return (changes, []) }
        return (changes.filter { $0.id != "endpoint-added" }, added)
    }

    /// `12 changes between petstore v1 and v2: 3 breaking, 1 warning, 8 info`, counting those beyond the
    /// list and saying what was not looked at or shown.
    package static func summary(_ report: SpecDiff.Report, between: String, filter: SpecChangeFilter = SpecChangeFilter()) -> String {
        let warnings = report.count(.warning)
        var text = "\(report.total) change\(report.total == 1 ? "" : "s") between \(between): \(report.breaking) breaking, "
            + "\(warnings) warning\(warnings == 1 ? "" : "s"), \(report.count(.info)) info"
        if let described = filter.description { text += " (\(described))" }
        if report.omittedCount > 0 { text += " (the first \(report.changes.count) listed)" }
        if report.uncompared > 0 { text += "; incomplete: \(report.uncompared) schema pair\(report.uncompared == 1 ? "" : "s") not compared" }
        if report.cancelled { text += "; partial: stopped by Ctrl-C, these are the changes found until then" }
        return text
    }

    /// `{"changes":[{"id","level","operation","location","change","breaking","a","b"}],"breaking":N,
    /// "warnings":W,"info":I,"nonBreaking":W+I}` after the service and the two versions compared.
    package static func json(_ report: SpecDiff.Report, service: String, a: String, b: String, summary: String) -> JSONValue {
        let changes = report.changes
        let breaking = report.breaking
        let change: (SpecChange) -> JSONValue = { change in
            .object(JSONObject([
                ("id", .string(change.id)), ("level", .string(change.level.rawValue)),
                ("operation", .string(change.operation)), ("location", .string(change.location)),
                ("change", .string(change.change)), ("breaking", .bool(change.breaking)),
                ("a", change.a.map(JSONValue.string) ?? .null), ("b", change.b.map(JSONValue.string) ?? .null),
            ] + (change.isComponent ? [("usedBy", .array(change.usedBy.map(JSONValue.string)))] : [])))
        }
        var members: [(String, JSONValue)] = [
            ("service", .string(service)), ("a", .string(a)), ("b", .string(b)), ("spec", .bool(true)),
            ("changes", .array(changes.map(change))),
            ("breaking", .number(JSONNumber(breaking))),
            ("warnings", .number(JSONNumber(report.count(.warning)))),
            ("info", .number(JSONNumber(report.count(.info)))),
            ("nonBreaking", .number(JSONNumber(report.total - breaking))),
            ("complete", .bool(incompleteness(report) == nil)),
        ]
        if report.omittedCount > 0 { members.append(("omitted", .number(JSONNumber(report.omittedCount)))) }
        if report.uncompared > 0 { members.append(("uncompared", .number(JSONNumber(report.uncompared)))) }
        if let reason = incompleteness(report) { members.append(("incomplete", .string(reason))) }
        members.append(("summary", .string(summary)))
        return .object(JSONObject(members))
    }

    /// A changelog to paste into release notes: a heading, the summary, then a section per level with one
    /// bullet per change under its operation.
    package static func markdown(_ report: SpecDiff.Report, service: String, a: String, b: String, summary: String) -> [String] {
        let title = (service.isEmpty ? "" : markdownText(service) + " ") + "\(markdownText(a)) → \(markdownText(b))"
        var lines = ["# " + title, "", markdownText(summary)]
        let (shown, added) = folded(report.changes)
        for level in SpecChangeLevel.allCases {
            let changes = shown.filter { $0.level == level }
            let folding = level == .info && !added.isEmpty
            guard !changes.isEmpty || folding else { continue }
            lines += ["", "## " + (level == .breaking ? "Breaking changes" : level == .warning ? "Warnings" : "Other changes"), ""]
            var operation: String?
            for change in changes {
                if change.operation != operation {
                    operation = change.operation
                    let users = change.isComponent ? " (used by " + usedBy(change.usedBy) + ")" : ""
                    lines.append("- `\(markdownCode(change.operation))`\(markdownText(users))")
                }
                lines.append("  - `\(markdownCode(change.location))`: \(markdownText(change.what)) (`\(change.id)`)")
            }
            if folding {
                lines.append("- <details><summary>\(added.count) operations added</summary>")
                lines.append("")
                lines += added.map { "  - `\(markdownCode($0.operation))`" + ($0.b.map { " (\(markdownText($0)))" } ?? "") }
                lines.append("")
                lines.append("  </details>")
            }
        }
        return lines
    }

    /// Why the diff is not all of it (a cap or Ctrl-C stopped part of it), or nil: a diff that stopped early
    /// is never a pass, so `expect` on its counts fails with this reason.
    package static func incompleteness(_ report: SpecDiff.Report) -> String? {
        if report.cancelled { return "the diff was stopped by Ctrl-C" }
        if report.unfiltered > 0 {
            return "\(report.unfiltered) change\(report.unfiltered == 1 ? "" : "s") past the first \(SpecDiff.changeLimit) could not be filtered"
        }
        if report.uncompared > 0 {
            return "\(report.uncompared) schema pair\(report.uncompared == 1 ? " was" : "s were") not compared (past the diff's work guard, or a schema apish merges only in part)"
        }
        return nil
    }

    /// Operations shown for a component before the rest are counted.
    static let usedByShown = 8

    /// `GET /pets, POST /pets`, or the first few and `and 40 more`.
    static func usedBy(_ operations: [String]) -> String {
        let shown = operations.prefix(usedByShown).joined(separator: ", ")
        return operations.count > usedByShown ? shown + " and \(operations.count - usedByShown) more" : shown
    }

    private static func coloured(_ text: String, _ level: SpecChangeLevel, _ style: TextStyle) -> String {
        switch level {
        case .breaking: style.red(text)
        case .warning: style.yellow(text)
        case .info: style.green(text)
        }
    }

    /// Text from a document, with what Markdown would read as markup escaped.
    private static func markdownText(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Text inside a code span: a backtick cannot be escaped there, so it is shown as a quote.
    private static func markdownCode(_ text: String) -> String {
        String(text.map { $0 == "`" ? "'" : $0 })
    }

    private static func padded(_ text: String, to width: Int) -> String {
        let missing = width - DisplayWidth.of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}

/// What `diff --spec --breaking / --only ID… / --path PREFIX` keeps of a diff.
package struct SpecChangeFilter: Equatable {
    package var breakingOnly = false
    /// Ids kept; `request-*` keeps every id it begins.
    package var ids: [String] = []
    package var pathPrefix: String?

    package init(breakingOnly: Bool = false, ids: [String] = [], pathPrefix: String? = nil) {
        self.breakingOnly = breakingOnly
        self.ids = ids
        self.pathPrefix = pathPrefix
    }

    var isActive: Bool { breakingOnly || !ids.isEmpty || pathPrefix != nil }

    /// `breaking only, ids request-parameter-removed, path /pets`.
    package var description: String? {
        var parts: [String] = []
        if breakingOnly { parts.append("breaking only") }
        if !ids.isEmpty { parts.append("only " + ids.joined(separator: ", ")) }
        if let pathPrefix { parts.append("paths under \(pathPrefix)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    func keeps(_ change: SpecChange) -> Bool {
        if breakingOnly, !change.breaking { return false }
        if !ids.isEmpty, !ids.contains(where: { $0.hasSuffix("*") ? change.id.hasPrefix($0.dropLast()) : change.id == $0 }) { return false }
        if let pathPrefix {
            let operations = change.isComponent ? change.usedBy : [change.operation]
            return operations.contains { operation in
                let path = operation.split(separator: " ", maxSplits: 1).last.map(String.init) ?? operation
                return path.hasPrefix(pathPrefix)
            }
        }
        return true
    }

    /// The report with only the changes kept; the changes past the list cannot be sorted so, and are
    /// dropped from its counts.
    package func apply(to report: SpecDiff.Report) -> SpecDiff.Report {
        guard isActive else { return report }
        var kept = report
        kept.changes = report.changes.filter(keeps)
        if ids.isEmpty, pathPrefix == nil {
            kept.omitted = report.omitted.filter { $0.key == .breaking }
        } else {
            kept.omitted = [:]
            kept.unfiltered = report.omittedCount
        }
        return kept
    }
}
