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

    /// What may reach a terminal of text that left apish: newlines, tabs and apish's own colour codes
    /// (`TextStyle`'s SGR sequences) as they are; every other C0 control, DEL, C1 control (U+0080–U+009F,
    /// CSI U+009B among them) and bidirectional control (U+202A–U+202E, U+2066–U+2069) becomes `�`, so an OSC title, a screen clear or a cursor move from a spec or a
    /// server is shown, not obeyed. The output sink applies it to everything, whatever renderer made it.
    public static func neutralized(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = firstUnsafeControl(bytes, from: 0) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            var start = 0
            var position: Int? = first
            while let found = position {
                result.append(contentsOf: bytes[start..<found])
                if bytes[found] == 0xC2 {
                    result.append(contentsOf: replacement)
                    start = found + 2
                } else if bytes[found] == 0xE2 {
                    result.append(contentsOf: replacement)
                    start = found + 3
                } else {
                    result.append(contentsOf: replacement)
                    start = found + 1
                }
                position = firstUnsafeControl(bytes, from: start)
            }
            result.append(contentsOf: bytes[start...])
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    private static let replacement = Array("\u{FFFD}".utf8)

    /// Where the next control to neutralise starts (a C1 control at its `C2` byte), skipping `TextStyle`'s
    /// own `ESC [ CODE m`.
    private static func firstUnsafeControl(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            // Up to eight bytes at a time while they are printable ASCII (0x20–0x7E), as nearly all text is.
            let run = printableASCIIPrefix(bytes, at: index)
            if run > 0 {
                index += run
                continue
            }
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") {
                    index += 1
                    continue
                }
                if byte == 0x1B, let end = ownStyleSequenceEnd(bytes, at: index) {
                    index = end
                    continue
                }
                return index
            }
            if byte == 0xC2, index + 1 < bytes.count, (0x80..<0xA0).contains(bytes[index + 1]) { return index }
            if byte == 0xE2, isBidiControl(bytes, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// How many of the eight bytes at `index` are 0x20–0x7E before the first that is not (8 when all are; 0
    /// when fewer than eight remain): the scans over text pass such a run in one step, and stop right at a
    /// newline rather than a byte at a time up to it. Read as one little-endian word: a byte below 0x20 sets
    /// its high bit when 0x20 is taken from it, 0x7F when 1 is added, one of 0x80 or more has it already.
    /// Bytes in range before it neither borrow nor carry, so the lowest high bit set is the first byte out
    /// of range (a borrow only ever reaches the bytes after it).
    static func printableASCIIPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index + 8 <= bytes.count, let base = bytes.baseAddress else { return 0 }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let outOfRange = ((word &- 0x2020_2020_2020_2020) | (word &+ 0x0101_0101_0101_0101) | word) & highBits
        return outOfRange == 0 ? 8 : outOfRange.trailingZeroBitCount / 8
    }

    /// Whether the three bytes at `index` (which is `E2`) are a bidirectional embedding, override or isolate
    /// control: U+202A–U+202E (`E2 80 AA`–`AE`) or U+2066–U+2069 (`E2 81 A6`–`A9`), which reorder what a
    /// terminal shows, so a title could make a command read as another.
    private static func isBidiControl(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 2 < bytes.count else { return false }
        let second = bytes[index + 1], third = bytes[index + 2]
        return (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    /// The SGR parameters `TextStyle` writes: reset, bold, dim and five colours.
    private static let ownStyleCodes: Set<[UInt8]> = Set(["0", "1", "2", "31", "32", "33", "35", "36"].map { Array($0.utf8) })

    /// The index after `ESC [ CODE m` at `index` when CODE is one of apish's own, else nil.
    private static func ownStyleSequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
        var end = index + 2
        while end < bytes.count, end - index <= 4, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "m"),
              ownStyleCodes.contains(Array(bytes[(index + 2)..<end])) else { return nil }
        return end + 1
    }

    /// The text cut to at most `width` columns, ending in `…` when anything was cut.
    package static func truncated(_ text: String, toWidth width: Int) -> String {
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
            var index = 0
            while index < bytes.count {
                let run = printableASCIIPrefix(bytes, at: index)
                if run > 0 {
                    index += run
                    previous = 0x20
                    continue
                }
                let byte = bytes[index]
                index += 1
                if byte < 0x20 || byte == 0x7F {
                    if !(allowing && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t"))) { return true }
                } else if previous == 0xC2 && (0x80..<0xA0).contains(byte) {
                    return true
                } else if previous == 0xE2 && (byte == 0x80 || byte == 0x81) {
                    return text.unicodeScalars.contains(where: isBidiControl)
                }
                previous = byte
            }
            return false
        }
        return found ?? text.unicodeScalars.contains { isControl($0) && !(allowing && ($0 == "\n" || $0 == "\t")) }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || isBidiControl(scalar)
    }

    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
