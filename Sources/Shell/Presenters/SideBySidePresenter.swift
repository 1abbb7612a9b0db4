import JSON
import Rendering

/// How `compare` shows one call on two versions: two columns fitted to the width, the version above each,
/// the fields aligned by JSON path (arrays of objects matched by `id`/`_id` as `diff` matches them), and a
/// sign before each field that differs, which colour repeats and `NO_COLOR` keeps:
///
/// ```
///   weather v1                     │   weather v2
///   GET /v1/weather → 200          │   GET /v2/weather → 200
///   city: "Richmond"               │   city: "Richmond"
/// ~ currentTemperature: "63"       │ ~ currentTemperature: 63
///                                  │ + currentConditions: "Sunny"
/// ```
package enum SideBySidePresenter {
    /// Rows past this many are left out, with a line saying so: the change list (on a pipe, or `--json`)
    /// has them all.
    static let maxRows = 2_000
    /// The narrowest a column gets, however narrow the terminal.
    static let minColumnWidth = 16
    /// The width used when the output has none (0: not a terminal).
    static let defaultWidth = 100
    static let separator = " │ "

    /// The lines of the two columns, each at most `width` columns wide.
    package static func lines(_ view: SideBySide, width: Int, style: TextStyle) -> [String] {
        let total = width > 0 ? width : defaultWidth
        let column = max(minColumnWidth, (total - DisplayWidth.of(separator)) / 2)
        var walk = Walk()
        walk.compare(view.a.body, view.b.body, label: nil, depth: 0)
        var lines = [
            joined(Cell(mark: .same, text: view.a.title), Cell(mark: .same, text: view.b.title), column: column, style: style, bold: true),
            joined(Cell(mark: .same, text: view.a.request), Cell(mark: .same, text: view.b.request), column: column, style: style, dim: true),
        ]
        lines += walk.rows.map { joined($0.a, $0.b, column: column, style: style) }
        if walk.leftOut > 0 {
            lines.append("… \(walk.leftOut) more rows (compare --json lists every change)")
        }
        return lines
    }

    /// What a row says about its field on one side.
    enum Mark {
        case same, changed, added, removed, absent

        var sign: String {
            switch self {
            case .same, .absent: " "
            case .changed: "~"
            case .added: "+"
            case .removed: "-"
            }
        }
    }

    /// One side of a row: the sign, then the field indented by its depth.
    struct Cell {
        var mark: Mark
        var text: String
        var depth = 0

        static let empty = Cell(mark: .absent, text: "")
    }

    struct Row {
        let a: Cell
        let b: Cell
    }

    private static func joined(_ a: Cell, _ b: Cell, column: Int, style: TextStyle, bold: Bool = false, dim: Bool = false) -> String {
        func plain(_ cell: Cell) -> String {
            guard cell.mark != .absent else { return "" }
            let indent = String(repeating: "  ", count: min(cell.depth, 16))
            return cell.mark.sign + " " + TerminalText.truncated(indent + TerminalText.singleLine(cell.text), toWidth: column - 2)
        }
        func painted(_ text: String, _ mark: Mark) -> String {
            guard !text.isEmpty else { return "" }
            switch mark {
            case .added: return style.green(text)
            case .removed: return style.red(text)
            case .changed: return style.yellow(text)
            case .same, .absent: return bold ? style.bold(text) : dim ? style.dim(text) : text
            }
        }
        let left = plain(a)
        let right = plain(b)
        let padding = String(repeating: " ", count: max(0, column - DisplayWidth.of(left)))
        let line = painted(left, a.mark) + padding + separator + painted(right, b.mark)
        return right.isEmpty ? String(line.dropLast()) : line
    }

    /// Both bodies walked together, so that a field present on both sides is on one row.
    struct Walk {
        var rows: [Row] = []
        var leftOut = 0

        private mutating func add(_ row: Row) {
            if rows.count < maxRows { rows.append(row) } else { leftOut += 1 }
        }

        mutating func compare(_ a: JSONValue?, _ b: JSONValue?, label: String?, depth: Int) {
            switch (a, b) {
            case (.object(let first)?, .object(let second)?):
                let depthBelow = header(label, depth: depth, mark: .same, a: "{}", b: "{}", empty: first.isEmpty && second.isEmpty)
                for (key, value) in first { compare(value, second[key], label: key, depth: depthBelow) }
                for (key, value) in second where first[key] == nil { compare(nil, value, label: key, depth: depthBelow) }
            case (.array(let first)?, .array(let second)?):
                let depthBelow = header(label, depth: depth, mark: .same, a: "[]", b: "[]", empty: first.isEmpty && second.isEmpty)
                if let field = JSONDiff.identityField(first, second) {
                    func identity(_ element: JSONValue) -> String { element[field]?.displayText ?? "" }
                    var positions: [String: Int] = [:]
                    for (position, element) in second.enumerated() { positions[identity(element)] = position }
                    var seen = Set<String>()
                    for element in first {
                        let id = identity(element)
                        seen.insert(id)
                        compare(element, positions[id].map { second[$0] }, label: "[\(field)=\(id)]", depth: depthBelow)
                    }
                    for element in second where !seen.contains(identity(element)) {
                        compare(nil, element, label: "[\(field)=\(identity(element))]", depth: depthBelow)
                    }
                } else {
                    for position in 0..<max(first.count, second.count) {
                        compare(position < first.count ? first[position] : nil, position < second.count ? second[position] : nil,
                                label: "[\(position)]", depth: depthBelow)
                    }
                }
            case (let a?, let b?):
                if a.isContainer || b.isContainer {
                    zipped(Self.cells(a, label: label, depth: depth, mark: .changed),
                           Self.cells(b, label: label, depth: depth, mark: .changed))
                } else {
                    let mark: Mark = a == b ? .same : .changed
                    add(Row(a: Cell(mark: mark, text: Self.field(label, a.encoded()), depth: depth),
                            b: Cell(mark: mark, text: Self.field(label, b.encoded()), depth: depth)))
                }
            case (let a?, nil):
                zipped(Self.cells(a, label: label, depth: depth, mark: .removed), [])
            case (nil, let b?):
                zipped([], Self.cells(b, label: label, depth: depth, mark: .added))
            case (nil, nil):
                break
            }
        }

        /// The row of a container both sides have (none for the root); the depth of its members.
        private mutating func header(_ label: String?, depth: Int, mark: Mark, a: String, b: String, empty: Bool) -> Int {
            guard let label else { return depth }
            add(Row(a: Cell(mark: mark, text: label + (empty ? ": " + a : ":"), depth: depth),
                    b: Cell(mark: mark, text: label + (empty ? ": " + b : ":"), depth: depth)))
            return depth + 1
        }

        private mutating func zipped(_ a: [Cell], _ b: [Cell]) {
            for index in 0..<max(a.count, b.count) {
                add(Row(a: index < a.count ? a[index] : .empty, b: index < b.count ? b[index] : .empty))
            }
        }

        /// A value on one side only, flattened into its cells (at most `maxRows` of them).
        static func cells(_ value: JSONValue, label: String?, depth: Int, mark: Mark) -> [Cell] {
            var cells: [Cell] = []
            func visit(_ value: JSONValue, label: String?, depth: Int) {
                guard cells.count < maxRows else { return }
                switch value {
                case .object(let object) where !object.isEmpty:
                    var below = depth
                    if let label { cells.append(Cell(mark: mark, text: label + ":", depth: depth)); below += 1 }
                    for (key, member) in object { visit(member, label: key, depth: below) }
                case .array(let elements) where !elements.isEmpty:
                    var below = depth
                    if let label { cells.append(Cell(mark: mark, text: label + ":", depth: depth)); below += 1 }
                    for (position, element) in elements.enumerated() { visit(element, label: "[\(position)]", depth: below) }
                default:
                    cells.append(Cell(mark: mark, text: field(label, value.encoded()), depth: depth))
                }
            }
            visit(value, label: label, depth: depth)
            return cells
        }

        static func field(_ label: String?, _ value: String) -> String {
            label.map { "\($0): \(value)" } ?? value
        }
    }
}

private extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
