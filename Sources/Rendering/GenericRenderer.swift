import Facade
import FoundationFree
import JSON

/// Renders any JSON without a built-in model in the most readable shape it has.
///
/// - an object → labelled rows (key, value); nested values as compact JSON cut to the width, long text
///   wrapped under the value column
/// - an array of objects → a table whose columns are the union of the keys in first-seen order; nested
///   values as short compact JSON (`[1,2]`) or, when longer, as what they hold (`{…3 keys}`, `[…5]`) rather
///   than JSON cut in the middle of a key; number columns (nulls aside) right-aligned; every column may
///   give way, widest first
/// - any other array → one item per line; `(empty array)` when empty
/// - a scalar → its display text
public enum GenericRenderer {
    /// When `cancellation` trips (Ctrl-C), what was rendered so far is shown, then `(interrupted)`.
    public static func render(
        _ value: JSONValue, width: Int, style: TextStyle, cancellation: CancellationToken? = nil
    ) -> String {
        switch value {
        case .object(let object):
            return renderObject(object, width: width, style: style)
        case .array(let elements):
            if elements.isEmpty { return style.dim("(empty array)") + "\n" }
            let objects = elements.compactMap(\.objectValue)
            var interruption = RenderInterruption(cancellation)
            if objects.count == elements.count, objects.contains(where: { !$0.isEmpty }) {
                let table = table(of: objects, interruption: &interruption)
                // Once interrupted, the rows built so far are laid out without looking at the token again.
                return interruption.isInterrupted
                    ? TableRenderer.render(table, width: width, style: style) + interruption.markerLine(style)
                    : TableRenderer.render(table, width: width, style: style, cancellation: cancellation)
            }
            var output = ""
            for element in elements {
                if interruption.shouldStop() { break }
                output += isNested(element)
                    ? cut(element.encoded(), to: width)
                    : TerminalText.singleLine(element.displayText)
                output += "\n"
            }
            return output + interruption.markerLine(style)
        default:
            return TerminalText.safe(value.displayText) + "\n"
        }
    }

    private static func renderObject(_ object: JSONObject, width: Int, style: TextStyle) -> String {
        if object.isEmpty { return style.dim("(empty object)") + "\n" }
        let labelWidth = object.keys.map { DisplayWidth.of(TerminalText.singleLine($0)) }.max() ?? 0
        let valueWidth = width > 0 ? max(width - labelWidth - 2, TableLayout.minimumWidth) : 0
        let rows = object.map { member in
            let value = member.value
            return LabelledRow(member.key, isNested(value) ? cut(value.encoded(), to: valueWidth) : value.displayText)
        }
        return RowsRenderer.render(rows, style: style, width: width)
    }

    private static func table(of objects: [JSONObject], interruption: inout RenderInterruption) -> Table {
        var keys: [String] = []
        var seen: Set<String> = []
        var count = 0
        for object in objects {
            if interruption.shouldStop() { break }
            for key in object.keys where seen.insert(key).inserted { keys.append(key) }
            count += 1
        }
        let objects = objects.prefix(count)
        let columns = keys.map { key in
            // Nulls do not stop a column of numbers from lining up on the right.
            let present = objects.compactMap { $0[key] }.filter { !$0.isNull }
            let numeric = !present.isEmpty && present.allSatisfy { $0.numberValue != nil }
            return TableColumn(key, alignment: numeric ? .right : .left, flexible: true)
        }
        var rows: [[String]] = []
        rows.reserveCapacity(objects.count)
        for object in objects {
            if interruption.shouldStop() { break }
            rows.append(keys.map { key -> String in
                guard let value = object[key] else { return "" }
                return isNested(value) ? cell(nested: value) : value.displayText
            })
        }
        return Table(columns: columns, rows: rows)
    }

    /// Compact JSON up to this many columns in a table cell; beyond it, a summary.
    static let nestedCellWidth = 20

    /// `[1,2]`, or `{…3 keys}` / `[…5]` when the JSON would not fit a cell.
    package static func cell(nested value: JSONValue) -> String {
        let json = TerminalText.singleLine(value.encoded())
        if DisplayWidth.of(json) <= nestedCellWidth { return json }
        switch value {
        case .object(let object): return "{…\(object.count) \(object.count == 1 ? "key" : "keys")}"
        case .array(let elements): return "[…\(elements.count)]"
        default: return json
        }
    }

    private static func isNested(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: true
        default: false
        }
    }

    /// `width` ≤ 0 means no limit.
    private static func cut(_ text: String, to width: Int) -> String {
        let line = TerminalText.singleLine(text)
        return width > 0 ? TerminalText.truncated(line, toWidth: width) : line
    }
}
