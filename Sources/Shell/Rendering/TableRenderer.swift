import Facade

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
        var interruption = RenderInterruption(cancellation)
        var titles = columns.map { cleaned($0.title) }
        var rows: [[String]] = []
        rows.reserveCapacity(table.rows.count)
        for row in table.rows {
            if interruption.shouldStop() { break }
            rows.append(columns.indices.map { $0 < row.count ? cleaned(row[$0]) : "" })
        }
        let sizing = sizing ?? columns.map(\.sizing)
        var natural = naturalWidths(titles: titles, rows: rows)
        var widths = TableLayout.fit(natural: natural, sizing: sizing, available: width)

        var origins: [Int: String] = [:]
        for index in columns.indices where widths[index] < natural[index] {
            if let origin = sharedOrigin(rows.map { $0[index] }) { origins[index] = origin }
        }
        if !origins.isEmpty {
            for (index, origin) in origins {
                for row in rows.indices where !rows[row][index].isEmpty {
                    rows[row][index] = "…" + rows[row][index].dropFirst(origin.count)
                }
            }
            natural = naturalWidths(titles: titles, rows: rows)
            widths = TableLayout.fit(natural: natural, sizing: sizing, available: width)
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

        var output = line(titles, columns: columns, widths: widths, styled: style.bold) + "\n"
        if rows.isEmpty {
            output += style.dim("(no rows)") + "\n"
        }
        for row in rows {
            if interruption.shouldStop() { break }
            output += line(row, columns: columns, widths: widths, styled: { $0 }) + "\n"
        }
        return output + interruption.markerLine(style)
    }

    private static func naturalWidths(titles: [String], rows: [[String]]) -> [Int] {
        var natural = titles.map { DisplayWidth.of($0) }
        for row in rows {
            for (index, cell) in row.enumerated() {
                natural[index] = max(natural[index], DisplayWidth.of(cell))
            }
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

    /// A URL keeps its host and the end of its path; other text keeps its start.
    private static func fitted(_ cell: String, toWidth width: Int) -> String {
        URLShortener.looksLikeURL(cell)
            ? URLShortener.shortened(cell, toWidth: width)
            : TerminalText.truncated(cell, toWidth: width)
    }

    private static func cleaned(_ text: String) -> String {
        RowsRenderer.trimmingTrailingBlanks(TerminalText.singleLine(text))
    }

    /// Stops after the last non-empty cell so that no line ends in padding.
    private static func line(
        _ cells: [String], columns: [TableColumn], widths: [Int], styled: (String) -> String
    ) -> String {
        guard let last = cells.lastIndex(where: { !$0.isEmpty }) else { return "" }
        var output = ""
        for index in 0...last {
            let text = fitted(cells[index], toWidth: widths[index])
            let padding = TerminalText.padding(from: DisplayWidth.of(text), to: widths[index])
            switch columns[index].alignment {
            case .right:
                output += padding + styled(text)
            case .left:
                output += styled(text) + (index == last ? "" : padding)
            }
            if index < last { output += "  " }
        }
        return output
    }
}
