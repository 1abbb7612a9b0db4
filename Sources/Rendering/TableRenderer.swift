import Facade
import FoundationFree

/// Renders a table: a header of titles, then one line per row, columns two spaces apart.
public enum TableRenderer {
    /// Columns are padded by display width (right-aligned ones on the left) and, when the table is wider
    /// than `width`, cut with `…` as `TableLayout` decides; `width` ≤ 0 means no limit. A column of URLs
    /// that all share one `scheme://host:port` and would be cut shows `…/path` instead (its title names the
    /// prefix when there is room: `URL (http://127.0.0.1:45678)`); a URL still too wide is cut in its middle
    /// (`http://127.0.0.1:4…/weather/v2`), other text at its end. Newlines and tabs in cells show as
    /// spaces. Titles are bold when colour is on. Lines carry no trailing spaces and the output ends with
    /// `\n`; a table without rows prints its header and `(no rows)`.
    ///
    /// - Parameter sizing: how each column gives way (minor columns first); nil takes it from the
    ///   columns (`flexible` or fixed).
    /// - Parameter cancellation: when it trips (Ctrl-C), the rows so far are shown, then `(interrupted)`.
    public static func render(
        _ table: Table, width: Int, style: TextStyle, sizing: [ColumnSizing]? = nil, cancellation: CancellationToken? = nil
    ) -> String {
        let columns = table.columns
        guard !columns.isEmpty else { return "" }
        let columnCount = columns.count
        var interruption = RenderInterruption(cancellation)
        var titles = columns.map { cleaned($0.title) }
        // The cells row after row in one array, each measured once: its width decides the column's, and
        // whether it needs cutting at all.
        var cells: [String] = []
        cells.reserveCapacity(table.rows.count * columnCount)
        for row in table.rows {
            if interruption.shouldStop() { break }
            for index in 0..<columnCount {
                cells.append(index < row.count ? cleaned(row[index]) : "")
            }
        }
        var cellWidths = cells.map { DisplayWidth.of($0) }
        let rowCount = cells.count / columnCount
        let sizing = sizing ?? columns.map(\.sizing)
        var natural = naturalWidths(titles: titles, cellWidths: cellWidths)
        var widths = TableLayout.fit(natural: natural, sizing: sizing, available: width, floors: columns.map(\.floor))

        var origins: [Int: String] = [:]
        for index in columns.indices where widths[index] < natural[index] {
            let column = (0..<rowCount).map { cells[$0 * columnCount + index] }
            if let origin = sharedOrigin(column) { origins[index] = origin }
        }
        if !origins.isEmpty {
            for (index, origin) in origins {
                for row in 0..<rowCount where !cells[row * columnCount + index].isEmpty {
                    let position = row * columnCount + index
                    cells[position] = "…" + cells[position].dropFirst(origin.count)
                    cellWidths[position] = DisplayWidth.of(cells[position])
                }
            }
            natural = naturalWidths(titles: titles, cellWidths: cellWidths)
            widths = TableLayout.fit(natural: natural, sizing: sizing, available: width, floors: columns.map(\.floor))
            // The title names the dropped prefix when the table still fits with it.
            for (index, origin) in origins.sorted(by: { $0.key < $1.key }) {
                let named = "\(titles[index]) (\(origin))"
                let grown = max(widths[index], DisplayWidth.of(named))
                if TableLayout.total(widths) - widths[index] + grown <= width {
                    titles[index] = named
                    widths[index] = grown
                }
            }
        }

        // Room for every line at full width, plus the bytes by which non-ASCII cells outgrow their columns
        // and a cut cell's `…` (three bytes, one column): the text is built in one buffer, never regrown.
        // With no width (a pipe, a file), columns align up to `unboundedAlignment`; a longer cell runs on
        // whole rather than pad every other line out to its width.
        let cutting = width > 0
        if !cutting { widths = widths.map { min($0, unboundedAlignment) } }
        var extraBytes = 0
        for (position, cell) in cells.enumerated() {
            extraBytes += max(0, cell.utf8.count - cellWidths[position])
            let overflow = cellWidths[position] - widths[position % columnCount]
            if overflow > 0 { extraBytes += cutting ? 2 : overflow }
        }
        var output = ""
        output.reserveCapacity((rowCount + 2) * (TableLayout.total(widths) + 1) + extraBytes + 256)
        appendLine(titles[...], cellWidths: titles.map { DisplayWidth.of($0) }[...], columns: columns, widths: widths,
                   cutting: cutting, styled: style.bold, to: &output)
        if rowCount == 0 {
            output += style.dim("(no rows)") + "\n"
        }
        for row in 0..<rowCount {
            if interruption.shouldStop() { break }
            let range = (row * columnCount)..<((row + 1) * columnCount)
            appendLine(cells[range], cellWidths: cellWidths[range], columns: columns, widths: widths, cutting: cutting,
                       styled: nil, to: &output)
        }
        output += interruption.markerLine(style)
        return output
    }

    /// How wide a column is padded when nothing bounds the table's width.
    static let unboundedAlignment = 120

    /// The widest of each column, title included; `cellWidths` holds the rows one after another.
    private static func naturalWidths(titles: [String], cellWidths: [Int]) -> [Int] {
        var natural = titles.map { DisplayWidth.of($0) }
        let columnCount = natural.count
        for (position, cellWidth) in cellWidths.enumerated() {
            let index = position % columnCount
            natural[index] = max(natural[index], cellWidth)
        }
        return natural
    }

    /// The `scheme://host:port` every non-empty cell starts with, when they are all URLs with a path.
    private static func sharedOrigin(_ cells: [String]) -> String? {
        let present = cells.filter { !$0.isEmpty }
        guard present.count > 1, present.allSatisfy(URLShortener.looksLikeURL) else { return nil }
        let origins = present.map(URLShortener.origin)
        guard let first = origins.first, let origin = first, origins.allSatisfy({ $0 == origin }) else { return nil }
        return origin
    }

    /// A URL (or any cell of a column that cuts in the middle) keeps its start and the end of its path;
    /// other text keeps its start.
    private static func fitted(_ cell: String, toWidth width: Int, middle: Bool) -> String {
        middle || URLShortener.looksLikeURL(cell)
            ? URLShortener.shortened(cell, toWidth: width)
            : TerminalText.truncated(cell, toWidth: width)
    }

    private static func cleaned(_ text: String) -> String {
        RowsRenderer.trimmingTrailingBlanks(TerminalText.singleLine(text))
    }

    /// One line and its `\n`. Stops after the last non-empty cell so that no line ends in padding.
    /// A cell that fits its column (the common case) is written as it is, with the width measured before.
    private static func appendLine(
        _ cells: ArraySlice<String>, cellWidths: ArraySlice<Int>, columns: [TableColumn], widths: [Int],
        cutting: Bool, styled: ((String) -> String)?, to output: inout String
    ) {
        guard let lastPosition = cells.lastIndex(where: { !$0.isEmpty }) else {
            output += "\n"
            return
        }
        let last = lastPosition - cells.startIndex
        for index in 0...last {
            let cell = cells[cells.startIndex + index]
            var text = cell
            var textWidth = cellWidths[cellWidths.startIndex + index]
            if cutting, textWidth > widths[index] || widths[index] <= 0 {
                text = fitted(cell, toWidth: widths[index], middle: columns[index].cutsMiddle)
                textWidth = DisplayWidth.of(text)
            }
            let padding = max(0, widths[index] - textWidth)
            switch columns[index].alignment {
            case .right:
                TerminalText.appendSpaces(padding, to: &output)
                output += styled?(text) ?? text
            case .left:
                output += styled?(text) ?? text
                if index != last { TerminalText.appendSpaces(padding, to: &output) }
            }
            if index < last { output += "  " }
        }
        output += "\n"
    }
}
