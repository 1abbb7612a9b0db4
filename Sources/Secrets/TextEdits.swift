import JSON
/// Replacements of byte ranges of one UTF-8 text, collected during a scan and applied in one pass, so
/// masking a large text costs one copy however many secrets it holds.
package struct TextEdits {
    private var edits: [(range: Range<Int>, replacement: [UInt8])] = []
    private var isSorted = true

    var isEmpty: Bool { edits.isEmpty }

    /// Records a replacement. Ranges may come in any order; overlapping ones are merged into the first.
    package mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        if let last = edits.last, range.lowerBound < last.range.lowerBound { isSorted = false }
        edits.append((range, replacement))
    }

    /// The text with every replacement made.
    func apply(to bytes: UnsafeBufferPointer<UInt8>) -> String {
        let ordered = isSorted ? edits : edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for edit in ordered {
            if edit.range.lowerBound >= position {
                out += bytes[position..<edit.range.lowerBound]
                out += edit.replacement
            }
            position = max(position, min(edit.range.upperBound, bytes.count))
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Applies the edits `scan` records over `text`'s bytes; the text itself when it records none.
    package static func rewriting(_ text: String, _ scan: (UnsafeBufferPointer<UInt8>, inout TextEdits) -> Void) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var edits = TextEdits()
            scan(bytes, &edits)
            return edits.isEmpty ? nil : edits.apply(to: bytes)
        } ?? text
    }
}
