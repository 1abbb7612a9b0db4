/// Chooses column widths so that a table fits the terminal.
enum TableLayout {
    static let separatorWidth = 2
    /// Columns are never cut below this, even if the table then overflows: a column of `Ric…` helps no one.
    static let minimumWidth = 10

    /// The widths to draw `natural` widths in at most `available` columns (`available` ≤ 0: no limit).
    ///
    /// Only flexible columns give way — or the widest column when none is flexible. They are cut like
    /// water levelling: the widest first, down to a common cap, so short flexible columns keep their text.
    static func fit(natural: [Int], flexible: [Bool], available: Int) -> [Int] {
        let total = natural.reduce(0, +) + separatorWidth * max(0, natural.count - 1)
        guard available > 0, total > available, !natural.isEmpty else { return natural }

        var shrinkable = natural.indices.filter { $0 < flexible.count && flexible[$0] }
        if shrinkable.isEmpty, let widest = natural.indices.max(by: { natural[$0] < natural[$1] }) {
            shrinkable = [widest]
        }
        let budget = available - (total - shrinkable.reduce(0) { $0 + natural[$1] })
        func used(cap: Int) -> Int { shrinkable.reduce(0) { $0 + min(natural[$1], cap) } }

        // The largest cap at which the shrinkable columns fit the budget, but never below the minimum.
        var low = minimumWidth
        var high = shrinkable.map { natural[$0] }.max() ?? minimumWidth
        guard high > low else { return natural }
        while low < high {
            let middle = (low + high + 1) / 2
            if used(cap: middle) <= budget { low = middle } else { high = middle - 1 }
        }
        var widths = natural
        var leftover = max(0, budget - used(cap: low))
        for index in shrinkable where natural[index] > low {
            widths[index] = low
            // Columns left at the cap share what the cap leaves unused, one column each.
            if leftover > 0 {
                widths[index] += 1
                leftover -= 1
            }
        }
        return widths
    }
}
