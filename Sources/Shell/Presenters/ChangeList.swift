import Facade
import JSON
import APIDescriptions
import Rendering

/// How `diff` and `watch` show a list of `JSONChange`s: one aligned line per change, a summary, and the
/// `--json` form.
///
/// ```
/// ~ currentTemperature  type string → number  "63" → 63
/// + currentConditions   added                 "Sunny"
/// ```
package enum ChangeList {
    /// Paths longer than this do not widen the path column for every other line.
    static let maxPathColumn = 40
    /// Values are cut so a change stays one readable line.
    static let maxValueLength = 60

    /// One line per change; `schema` changes carry types, not values.
    package static func lines(_ changes: [JSONChange], style: TextStyle = .plain, indent: String = "") -> [String] {
        let cells = changes.map(Cells.init)
        let pathWidth = min(maxPathColumn, cells.map { DisplayWidth.of($0.path) }.max() ?? 0)
        let labelWidth = cells.map { DisplayWidth.of($0.label) }.max() ?? 0
        return zip(changes, cells).map { change, cell in
            var line = indent + paint(cell.symbol + " ", change.kind, style) + padded(cell.path, to: pathWidth)
            line += "  " + paint(cell.values.isEmpty ? cell.label : padded(cell.label, to: labelWidth), change.kind, style)
            if !cell.values.isEmpty { line += "  " + cell.values }
            return line
        }
    }

    /// `2 changes between weather v1 and v2`, `no changes between …`, `1 schema change, 4 unchanged between …`.
    package static func summary(_ changes: [JSONChange], schema: Bool, between: String) -> String {
        let changed = changes.filter { $0.kind != .unchanged }.count
        let unchanged = changes.count - changed
        let noun = schema ? "schema change" : "change"
        var text = changed == 0 ? "no \(noun)s" : "\(changed) \(noun)\(changed == 1 ? "" : "s")"
        if unchanged > 0 { text += ", \(unchanged) unchanged" }
        return text + " between " + between
    }

    /// `[{"path","change","a","b"}]`: `a`/`b` are the values on each side (null where absent), or for a
    /// schema comparison the type names; `aType`/`bType` give the types whenever known.
    package static func json(_ changes: [JSONChange]) -> JSONValue {
        .array(changes.map { change in
            let isShape = change.a == nil && change.b == nil
            var fields: [(String, JSONValue)] = [
                ("path", .string(change.path)),
                ("change", .string(change.kind.rawValue)),
                ("a", isShape ? change.aType.map(JSONValue.string) ?? .null : change.a ?? .null),
                ("b", isShape ? change.bType.map(JSONValue.string) ?? .null : change.b ?? .null),
            ]
            if let type = change.aType { fields.append(("aType", .string(type))) }
            if let type = change.bType { fields.append(("bType", .string(type))) }
            return .object(JSONObject(fields))
        })
    }

    /// Compact JSON, cut to `maxValueLength` characters.
    static func excerpt(_ value: JSONValue) -> String {
        let text = value.encoded()
        guard text.count > maxValueLength else { return text }
        return String(text.prefix(maxValueLength - 1)) + "…"
    }

    /// The three columns of one change.
    private struct Cells {
        package let symbol: String
        package let path: String
        package let label: String
        package let values: String

        package init(_ change: JSONChange) {
            path = change.path
            let a = change.a.map(ChangeList.excerpt)
            let b = change.b.map(ChangeList.excerpt)
            let isShape = change.a == nil && change.b == nil
            switch change.kind {
            case .added:
                symbol = "+"
                label = "added"
                values = b ?? change.bType ?? ""
            case .removed:
                symbol = "-"
                label = "removed"
                values = a ?? change.aType ?? ""
            case .typeChanged:
                symbol = "~"
                label = "type \(change.aType ?? "?") → \(change.bType ?? "?")"
                values = isShape ? "" : "\(a ?? "?") → \(b ?? "?")"
            case .valueChanged:
                symbol = "~"
                label = "changed"
                values = "\(a ?? "?") → \(b ?? "?")"
            case .unchanged:
                symbol = "="
                label = "same"
                values = a ?? change.aType ?? ""
            }
        }
    }

    private static func padded(_ text: String, to width: Int) -> String {
        let missing = width - DisplayWidth.of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    private static func paint(_ text: String, _ kind: JSONChange.Kind, _ style: TextStyle) -> String {
        switch kind {
        case .added: style.green(text)
        case .removed: style.red(text)
        case .typeChanged, .valueChanged: style.yellow(text)
        case .unchanged: style.dim(text)
        }
    }
}
