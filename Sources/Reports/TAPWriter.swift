import Facade
import FoundationFree
import JSON
import ScriptLanguage

/// Writes a `TestReport` as TAP version 13: a plan `1..N`, then `ok N - FILE:LINE command` or
/// `not ok N - …` followed by a YAML block with the failure's message.
public enum TAPWriter {
    public static func render(_ report: TestReport) -> String {
        var lines = ["TAP version 13", "1..\(report.tests)"]
        var number = 0
        for suite in report.suites {
            let label = suite.label.map { "[\($0)] " } ?? ""
            for result in suite.cases {
                number += 1
                let location = result.location.map { "\($0) " } ?? ""
                let description = escape(label + location + result.name)
                guard let failure = result.failure else {
                    lines.append("ok \(number) - \(description)")
                    if let violation = result.schemaViolation {
                        lines.append("  ---")
                        lines.append("  schema: \(JSONValue.string(violation).encoded())")
                        lines.append("  ...")
                    }
                    continue
                }
                lines.append("not ok \(number) - \(description)")
                lines.append("  ---")
                // A JSON string is a valid YAML double-quoted scalar, escapes and all.
                lines.append("  message: \(JSONValue.string(failure).encoded())")
                if let location = result.location {
                    lines.append("  at: \(JSONValue.string(location.description).encoded())")
                }
                lines.append("  ...")
            }
        }
        if report.schemaViolations > 0 { lines.append("# schema violations: \(report.schemaViolations)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line, with `#` escaped so a command is never read as a TAP directive (`# SKIP`).
    static func escape(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("#", with: "\\#")
            .replacingAll("\r", with: " ").replacingAll("\n", with: " ")
    }
}
