#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension String {
    /// The text without leading and trailing whitespace as `trimmingCharacters(in: .whitespaces)` sees it
    /// (spaces, tabs, Unicode space separators), by a byte scan: a script line is trimmed once per
    /// command, and only a line that starts or ends in a non-ASCII character is trimmed by scalars.
    /// A line with nothing to trim comes back as is, without a copy.
    package func trimmingBlanks() -> String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if first < 0x80, last < 0x80, !isBlank(first), !isBlank(last) { return self }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        if start < end, bytes[start] >= 0x80 || bytes[bytes.index(before: end)] >= 0x80 {
            return trimmingWhitespace()
        }
        return String(self[start..<end])
    }
}
