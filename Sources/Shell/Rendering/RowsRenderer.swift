import Facade

/// Renders labelled rows as two aligned columns: `Temperature  63°F`.
public enum RowsRenderer {
    /// Labels are padded to the widest (by display width), then two spaces, then the value; a value of
    /// several lines continues under the value column. Labels are bold when colour is on. Every line
    /// ends with `\n`; no rows give an empty string.
    public static func render(_ rows: [LabelledRow], style: TextStyle) -> String {
        let labels = rows.map { TerminalText.singleLine($0.label) }
        let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 0
        let indent = String(repeating: " ", count: labelWidth + 2)
        var output = ""
        for (label, row) in zip(labels, rows) {
            let lines = TerminalText.safe(row.value).split(separator: "\n", omittingEmptySubsequences: false)
            let first = trimmingTrailingBlanks(lines.first.map(String.init) ?? "")
            output += style.bold(label)
            if !first.isEmpty {
                output += TerminalText.padding(from: DisplayWidth.of(label), to: labelWidth) + "  " + first
            }
            output += "\n"
            for line in lines.dropFirst() {
                let text = trimmingTrailingBlanks(String(line))
                output += (text.isEmpty ? "" : indent + text) + "\n"
            }
        }
        return output
    }

    static func trimmingTrailingBlanks(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
