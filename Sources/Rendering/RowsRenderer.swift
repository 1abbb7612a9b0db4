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
        let shown = rows.map(ShownRow.init)
        let labelWidth = shown.reduce(0) { max($0, $1.labelWidth) }
        let valueWidth = width > 0 ? max(width - labelWidth - 2, minimumValueWidth) : 0
        // Values of one line each that are not wrapped (piped output): the common case, written straight
        // into one string.
        if valueWidth == 0, !shown.contains(where: { hasLineBreak($0.value) }) {
            return unwrapped(shown, labelWidth: labelWidth, style: style)
        }
        var output = ""
        output.reserveCapacity(rows.count * (labelWidth + 24))
        let indent = String(repeating: " ", count: labelWidth + 2)
        for index in rows.indices {
            let label = shown[index].label, ownWidth = shown[index].labelWidth
            output += style.bold(label)
            let lines = shown[index].value.split(separator: "\n", omittingEmptySubsequences: false)
                .flatMap { TextWrapper.wrap(trimmingTrailingBlanks(String($0)), width: valueWidth, hangingIndent: 0) }
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

    /// Each label (bold when colour is on), padded to the widest, then its value without trailing blanks;
    /// a row whose value is blank is its label alone. Written into one string made as large as the rows
    /// can take: no string grows piece by piece on every row.
    private static func unwrapped(_ shown: [ShownRow], labelWidth: Int, style: TextStyle) -> String {
        let (open, close) = style.delimiters(TextStyle.Code.bold)
        let styled = !open.isEmpty
        var capacity = 0
        for row in shown {
            capacity += open.utf8.count + row.label.utf8.count + close.utf8.count + labelWidth + 3 + row.value.utf8.count
        }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var written = 0
            for row in shown {
                let label = row.label, line = trimmingTrailingBlanks(row.value)
                if styled && !label.isEmpty {
                    put(open, into: buffer, at: &written)
                    put(label, into: buffer, at: &written)
                    put(close, into: buffer, at: &written)
                } else {
                    put(label, into: buffer, at: &written)
                }
                if !line.isEmpty {
                    let padding = labelWidth - row.labelWidth + 2
                    UnsafeMutableBufferPointer(rebasing: buffer[written..<(written + padding)]).initialize(repeating: UInt8(ascii: " "))
                    written += padding
                    put(line, into: buffer, at: &written)
                }
                buffer[written] = UInt8(ascii: "\n")
                written += 1
            }
            return written
        }
    }

    /// Copies `text`'s UTF-8 into `buffer` at `written`, and moves `written` past it.
    private static func put(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at written: inout Int) {
        let start = written
        let copied: Int? = text.utf8.withContiguousStorageIfAvailable { bytes in
            UnsafeMutableBufferPointer(rebasing: buffer[start...]).initialize(from: bytes).1
        }
        if let copied {
            written += copied
            return
        }
        for byte in text.utf8 {
            buffer[written] = byte
            written += 1
        }
    }

    /// A row as it is shown: its label on one line and its display width, its value with controls made safe.
    private struct ShownRow {
        let label: String
        let labelWidth: Int
        let value: String

        init(_ row: LabelledRow) {
            label = TerminalText.singleLine(row.label)
            labelWidth = DisplayWidth.of(label)
            value = TerminalText.safe(row.value)
        }
    }

    private static func hasLineBreak(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(0x0A) } ?? text.utf8.contains(0x0A)
    }

    static func trimmingTrailingBlanks(_ text: String) -> String {
        // The last scalar is not a blank, so neither is the last character: nothing to trim, nothing to copy.
        // The last byte read from the contiguous storage: the UTF-8 view's own `last` steps back an index.
        let last = text.utf8.withContiguousStorageIfAvailable { $0.last } ?? text.utf8.last
        guard let lastByte = last, lastByte == UInt8(ascii: " ") || lastByte == UInt8(ascii: "\t") else {
            return text
        }
        var text = Substring(text)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
