import Facade

/// Renders labelled rows as two aligned columns: `Temperature  63°F`.
public enum RowsRenderer {
    /// Below this many columns for values, values are not wrapped: a sliver of text per line reads worse
    /// than the terminal's own wrapping.
    static let minimumValueWidth = 20

    /// Labels are padded to the widest (by display width), then two spaces, then the value. A value wider
    /// than the terminal wraps at word boundaries, and a value of several lines continues, under the value
    /// column. Labels are bold when colour is on. Every line ends with `\n`; no rows give an empty string.
    ///
    /// - Parameter width: the terminal's columns; ≤ 0 (piped output) never wraps.
    public static func render(_ rows: [LabelledRow], style: TextStyle, width: Int = 0) -> String {
        let labels = rows.map { TerminalText.singleLine($0.label) }
        let labelWidths = labels.map { DisplayWidth.of($0) }
        let labelWidth = labelWidths.max() ?? 0
        let valueWidth = width > 0 ? max(width - labelWidth - 2, minimumValueWidth) : 0
        var output = ""
        output.reserveCapacity(rows.count * (labelWidth + 24))
        for index in rows.indices {
            let label = labels[index], ownWidth = labelWidths[index]
            let value = TerminalText.safe(rows[index].value)
            output += style.bold(label)
            // One line that is not wrapped (piped output) needs no splitting: the common case, written
            // straight into the output.
            if valueWidth == 0 && !value.utf8.contains(0x0A) {
                let line = trimmingTrailingBlanks(value)
                if !line.isEmpty {
                    TerminalText.appendSpaces(labelWidth - ownWidth + 2, to: &output)
                    output += line
                }
                output += "\n"
                continue
            }
            let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
                .flatMap { TextWrapper.wrap(trimmingTrailingBlanks(String($0)), width: valueWidth, hangingIndent: 0) }
            let indent = String(repeating: " ", count: labelWidth + 2)
            let first = lines.first ?? ""
            if !first.isEmpty {
                TerminalText.appendSpaces(labelWidth - ownWidth + 2, to: &output)
                output += first
            }
            output += "\n"
            for line in lines.dropFirst() {
                output += (line.isEmpty ? "" : indent + line) + "\n"
            }
        }
        return output
    }

    static func trimmingTrailingBlanks(_ text: String) -> String {
        // The last scalar is not a blank, so neither is the last character: nothing to trim, nothing to copy.
        guard let lastByte = text.utf8.last, lastByte == UInt8(ascii: " ") || lastByte == UInt8(ascii: "\t") else {
            return text
        }
        var text = Substring(text)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
