import FoundationFree

extension TextWrapper {
    /// `label` with `text` beside it from column `at`, wrapped under that column to `width` (≤ 0: not wrapped);
    /// when the label reaches the column, the text follows after three spaces if all of it fits there, else
    /// under the column on the next line. Help's option rows and `help CMD`'s argument rows are laid out so.
    package static func columns(_ label: String, _ text: String, at column: Int, width: Int) -> [String] {
        guard !text.isEmpty else { return [label] }
        let indent = String(repeating: " ", count: column)
        let textWidth = width > 0 ? max(width - column, 20) : 0
        let labelWidth = DisplayWidth.of(label)
        if labelWidth < column - 1 {
            return wrap(text, width: textWidth, hangingIndent: 0).enumerated().map {
                ($0 == 0 ? label.paddedWithSpaces(toLength: column) : indent) + $1
            }
        }
        if width <= 0 || labelWidth + 3 + DisplayWidth.of(text) <= width { return [label + "   " + text] }
        return [label] + wrap(text, width: textWidth, hangingIndent: 0).map { indent + $0 }
    }
}
