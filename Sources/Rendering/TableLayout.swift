/// Chooses column widths so that a table fits the terminal.
enum TableLayout {
    static let separatorWidth = 2
    /// Flexible columns are never cut below this, even if the table then overflows: a column of `Ric…`
    /// helps no one.
    static let minimumWidth = 10
    /// Minor columns may go down to this: enough to recognise a value (`Membe…`), and they are minor.
    static let minorMinimumWidth = 6

    /// The widths to draw `natural` widths in at most `available` columns (`available` ≤ 0: no limit).
    ///
    /// Columns give way in order of how much a reader can spare them: minor columns first, then flexible
    /// ones — or, when no column is flexible, the widest fixed one. Within each group they are cut like
    /// water levelling: the widest first, down to a common cap, so short columns keep their text.
    /// `floors` gives a column its own floor instead of its group's.
    package static func fit(natural: [Int], sizing: [ColumnSizing], available: Int, floors: [Int?] = []) -> [Int] {
        guard available > 0, !natural.isEmpty, total(natural) > available else { return natural }
        func columns(_ kind: ColumnSizing) -> [Int] {
            natural.indices.filter { $0 < sizing.count && sizing[$0] == kind }
        }
        var widths = natural
        level(&widths, columns: columns(.minor), floor: minorMinimumWidth, floors: floors, available: available)
        if total(widths) <= available { return widths }

        var flexible = columns(.flexible)
        if flexible.isEmpty {
            let fixed = columns(.fixed).isEmpty ? Array(natural.indices) : columns(.fixed)
            if let widest = fixed.max(by: { widths[$0] < widths[$1] }) { flexible = [widest] }
        }
        level(&widths, columns: flexible, floor: minimumWidth, floors: floors, available: available)
        return widths
    }

    /// `fit` for columns that are either flexible or fixed.
    package static func fit(natural: [Int], flexible: [Bool], available: Int) -> [Int] {
        fit(natural: natural, sizing: flexible.map { $0 ? .flexible : .fixed }, available: available)
    }

    /// The table's width with separators.
    package static func total(_ widths: [Int]) -> Int {
        widths.reduce(0, +) + separatorWidth * max(0, widths.count - 1)
    }

    /// Cuts `columns` to the largest common cap (not below `floor`) at which the table fits; columns left
    /// at the cap share what it leaves unused, one column each.
    private static func level(_ widths: inout [Int], columns: [Int], floor: Int, floors: [Int?], available: Int) {
        guard !columns.isEmpty else { return }
        let budget = available - (total(widths) - columns.reduce(0) { $0 + widths[$1] })
        // A column's own floor, never above its natural width.
        func ownFloor(of index: Int) -> Int { min(widths[index], index < floors.count ? floors[index] ?? 0 : 0) }
        func used(cap: Int) -> Int { columns.reduce(0) { $0 + min(widths[$1], max(cap, ownFloor(of: $1))) } }

        var low = floor
        var high = columns.map { widths[$0] }.max() ?? floor
        guard high > low else { return }
        while low < high {
            let middle = (low + high + 1) / 2
            if used(cap: middle) <= budget { low = middle } else { high = middle - 1 }
        }
        var leftover = max(0, budget - used(cap: low))
        for index in columns where widths[index] > max(low, ownFloor(of: index)) {
            widths[index] = max(low, ownFloor(of: index))
            if leftover > 0 {
                widths[index] += 1
                leftover -= 1
            }
        }
    }
}
