import Facade
import JSON

/// A label and a value on one line: `Temperature  63°F`.
public struct LabelledRow: Sendable, Equatable {
    public let label: String
    public let value: String

    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// A column of a table: its title, how it aligns, and whether it may be cut to fit the terminal.
public struct TableColumn: Sendable, Equatable {
    public enum Alignment: Sendable { case left, right }

    public let title: String
    public let alignment: Alignment
    /// How the column gives way when the table is wider than the terminal: minor ones first, then flexible.
    public let sizing: ColumnSizing
    /// Whether a cell too wide loses its middle (`/2010-04-01/Acc…/Messages/{Sid}.json`) rather than its end,
    /// as URLs always do: for paths, whose end tells them apart.
    public let cutsMiddle: Bool
    /// The narrowest the column is cut to, when the column knows better than its sizing's floor (a path
    /// keeps its first two segments and its last).
    public let floor: Int?

    public init(
        _ title: String, alignment: Alignment = .left, flexible: Bool = false, sizing: ColumnSizing? = nil, cutsMiddle: Bool = false,
        floor: Int? = nil
    ) {
        self.title = title
        self.alignment = alignment
        self.sizing = sizing ?? (flexible ? .flexible : .fixed)
        self.cutsMiddle = cutsMiddle
        self.floor = floor
    }

    /// The column holding long text, which gives way after the minor ones.
    public var flexible: Bool { sizing == .flexible }
}

/// Rows of cells under columns.
public struct Table: Sendable, Equatable {
    public let columns: [TableColumn]
    public let rows: [[String]]

    public init(columns: [TableColumn], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }
}

/// How a model or a command's result shows itself; the renderers turn it into text.
public enum Presentation: Sendable, Equatable {
    case rows([LabelledRow])
    case table(Table)
    /// Anything without a presenter: rendered generically.
    case json(JSONValue)
    /// Several parts one after another (weather v3: its rows, then the forecast table).
    case sections([Presentation])
}
