/// Text fitted to terminal columns: made single-line and safe, cut, and padded by display width.
public enum TerminalText {
    /// One line of text: newlines and tabs become spaces, and other control characters become `�` so
    /// that a server's data cannot move the cursor or change colours.
    public static func singleLine(_ text: String) -> String {
        guard containsControl(text, allowingNewlinesAndTabs: false) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            if scalar == "\n" && previousWasReturn { continue }
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result.append(" ")
            } else if isControl(scalar) {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Control characters other than newlines and tabs replaced by `�`, for multi-line values.
    public static func safe(_ text: String) -> String {
        guard containsControl(text, allowingNewlinesAndTabs: true) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isControl(scalar) && scalar != "\n" && scalar != "\t" ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// The text cut to at most `width` columns, ending in `…` when anything was cut.
    static func truncated(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    private static let spaces = String(repeating: " ", count: 64)

    /// Appends `count` spaces (none when `count` ≤ 0) as slices of one string of spaces: no string is made
    /// for the padding of each cell of a table of 50,000 rows.
    static func appendSpaces(_ count: Int, to output: inout String) {
        var left = max(count, 0)
        while left > 0 {
            let chunk = min(left, 64)
            output.append(contentsOf: spaces[..<spaces.utf8.index(spaces.utf8.startIndex, offsetBy: chunk)])
            left -= chunk
        }
    }

    /// Whether `text` holds a control character (newlines and tabs aside when allowed), by a scan of its
    /// UTF-8 bytes: C0 controls and DEL are single bytes, C1 controls (U+0080–U+009F) are `C2 80`–`C2 9F`.
    static func containsControl(_ text: String, allowingNewlinesAndTabs allowing: Bool) -> Bool {
        let found: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F {
                    if !(allowing && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t"))) { return true }
                } else if previous == 0xC2 && (0x80..<0xA0).contains(byte) {
                    return true
                }
                previous = byte
            }
            return false
        }
        return found ?? text.unicodeScalars.contains { isControl($0) && !(allowing && ($0 == "\n" || $0 == "\t")) }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
}
