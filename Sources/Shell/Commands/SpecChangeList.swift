import Facade
import JSON
import APIDescriptions

/// How `diff SERVICE A B --spec` shows the changes between two OpenAPI documents: grouped by operation
/// (in `SpecDiff`'s order, breaking ones first within each), then by shared component with the operations
/// that use it, breaking in red and non-breaking in green, then one summary line; and its `--json` data.
///
/// ```
/// GET /pets
///   breaking      parameter species  added (required string)
///   non-breaking  parameter limit    …
/// components.schemas.Pet
///   used by: GET /pets, POST /pets
///   breaking      Pet.tag            removed (string)
/// 3 breaking, 9 non-breaking changes between petstore v1 and v2
/// ```
enum SpecChangeList {
    /// Locations longer than this do not widen the column for every other line.
    static let maxLocationColumn = 36

    static func lines(_ changes: [SpecChange], style: TextStyle = .plain) -> [String] {
        let locationWidth = min(maxLocationColumn, changes.map { DisplayWidth.of($0.location) }.max() ?? 0)
        let verdictWidth = DisplayWidth.of(verdict(breaking: false))
        var lines: [String] = []
        var operation: String?
        for change in changes {
            if change.operation != operation {
                operation = change.operation
                lines.append(style.bold(change.operation))
                if change.isComponent { lines.append("  used by: " + usedBy(change.usedBy)) }
            }
            let verdict = padded(verdict(breaking: change.breaking), to: verdictWidth)
            lines.append("  " + (change.breaking ? style.red(verdict) : style.green(verdict)) + "  "
                + padded(change.location, to: locationWidth) + "  " + what(change))
        }
        return lines
    }

    /// `2 breaking, 9 non-breaking changes between petstore v1 and v2`, counting those beyond the list and
    /// saying what was not looked at.
    static func summary(_ report: SpecDiff.Report, between: String) -> String {
        let breaking = report.breaking
        var text = "\(breaking) breaking, \(report.total - breaking) non-breaking change\(report.total == 1 ? "" : "s") between \(between)"
        if report.omitted > 0 { text += " (the first \(report.changes.count) listed)" }
        if report.uncompared > 0 { text += "; \(report.uncompared) schema pair\(report.uncompared == 1 ? "" : "s") too deep or too many to compare" }
        if report.cancelled { text += "; stopped by Ctrl-C" }
        return text
    }

    /// `{"changes":[{"operation","location","change","breaking","a","b"}],"breaking":N,"nonBreaking":M}`
    /// after the service and the two versions compared.
    static func json(_ report: SpecDiff.Report, service: String, a: String, b: String, summary: String) -> JSONValue {
        let changes = report.changes
        let breaking = report.breaking
        return .object(JSONObject([
            ("service", .string(service)), ("a", .string(a)), ("b", .string(b)), ("spec", .bool(true)),
            ("changes", .array(changes.map { change in
                .object(JSONObject([
                    ("operation", .string(change.operation)), ("location", .string(change.location)),
                    ("change", .string(change.change)), ("breaking", .bool(change.breaking)),
                    ("a", change.a.map(JSONValue.string) ?? .null), ("b", change.b.map(JSONValue.string) ?? .null),
                ] + (change.isComponent ? [("usedBy", .array(change.usedBy.map(JSONValue.string)))] : [])))
            })),
            ("breaking", .number(JSONNumber(breaking))),
            ("nonBreaking", .number(JSONNumber(report.total - breaking))),
            ("complete", .bool(incompleteness(report) == nil)),
        ] + (report.omitted > 0 ? [("omitted", .number(JSONNumber(report.omitted)))] : [])
          + (report.uncompared > 0 ? [("uncompared", .number(JSONNumber(report.uncompared)))] : [])
          + (incompleteness(report).map { [("incomplete", .string($0))] } ?? []) + [
            ("summary", .string(summary)),
        ]))
    }

    /// Why the diff is not all of it (a cap or Ctrl-C stopped part of it), or nil: a diff that stopped early
    /// is never a pass, so `expect` on its counts fails with this reason.
    static func incompleteness(_ report: SpecDiff.Report) -> String? {
        if report.cancelled { return "the diff was stopped by Ctrl-C" }
        if report.uncompared > 0 {
            return "\(report.uncompared) schema pair\(report.uncompared == 1 ? " was" : "s were") too deep or too many to compare"
        }
        return nil
    }

    /// Operations shown for a component before the rest are counted.
    static let usedByShown = 8

    /// `GET /pets, POST /pets`, or the first few and `and 40 more`.
    private static func usedBy(_ operations: [String]) -> String {
        let shown = operations.prefix(usedByShown).joined(separator: ", ")
        return operations.count > usedByShown ? shown + " and \(operations.count - usedByShown) more" : shown
    }

    /// `added (required string)`, `type changed (string → integer)`, `removed`.
    private static func what(_ change: SpecChange) -> String {
        let values: String = switch (change.a, change.b) {
        case let (a?, b?): " (\(a) → \(b))"
        case let (a?, nil): " (\(a))"
        case let (nil, b?): " (\(b))"
        case (nil, nil): ""
        }
        return change.change + values
    }

    private static func verdict(breaking: Bool) -> String {
        breaking ? "breaking" : "non-breaking"
    }

    private static func padded(_ text: String, to width: Int) -> String {
        let missing = width - DisplayWidth.of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
