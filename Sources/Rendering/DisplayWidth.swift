/// How many terminal columns text occupies.
///
/// East Asian wide and fullwidth characters (Hangul, CJK, kana, fullwidth forms) and emoji shown as
/// emoji take two columns; combining marks, zero-width characters, controls and ANSI escape sequences
/// take none. A grapheme cluster takes the widest of its scalars, so a ZWJ emoji family or a flag is
/// two columns, not one per scalar. Tables need this to line up Korean text with ASCII.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        widthOfSimpleText(text) ?? widthByClusters(text)
    }

    /// The width cluster by cluster, escape sequences removed: right for any text, and the reference the
    /// fast path (`widthOfSimpleText`) must agree with.
    static func widthByClusters(_ text: String) -> Int {
        var width = 0
        for character in withoutEscapeSequences(text) {
            width += of(character)
        }
        return width
    }

    /// The width of text whose scalars each stand alone, by one pass over its UTF-8 bytes; nil for any
    /// other text, which takes the grapheme-cluster path.
    ///
    /// A scalar stands alone when nothing can join it into a cluster with another (no combining marks,
    /// joiners, variation selectors, emoji, regional indicators or Hangul jamo) and it is not the escape
    /// that starts an escape sequence: ASCII, Latin up to U+02FF, general punctuation `‐`…`‧`, kana, CJK
    /// ideographs and Hangul syllables. For such text the width of each cluster is the width of its one
    /// scalar (`\r\n`, the one pair, takes none either way), so the sum is what `of(_ character:)` gives.
    static func widthOfSimpleText(_ text: String) -> Int? {
        let result: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var width = 0
            var index = 0
            let count = bytes.count
            while index < count {
                // Each printable ASCII byte is a column.
                let run = TerminalText.printableASCIIPrefix(bytes, at: index)
                if run > 0 {
                    width += run
                    index += run
                    continue
                }
                let byte = bytes[index]
                if byte < 0x80 {
                    if byte == 0x1B { return nil }
                    if byte >= 0x20 && byte != 0x7F { width += 1 }
                    index += 1
                    continue
                }
                // Well-formed UTF-8 (a String's storage): the lead byte says how many bytes follow.
                let value: UInt32
                if byte < 0xE0 {
                    guard index + 1 < count else { return nil }
                    value = UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                } else if byte < 0xF0 {
                    guard index + 2 < count else { return nil }
                    value = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                        | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                } else {
                    return nil
                }
                guard let columns = widthOfStandaloneScalar(value) else { return nil }
                width += columns
            }
            return width
        }
        return result ?? nil
    }

    /// The width of a scalar that never joins a cluster (see `widthOfSimpleText`), else nil.
    static func widthOfStandaloneScalar(_ value: UInt32) -> Int? {
        switch value {
        case 0x80..<0xA0: return 0  // C1 controls
        case 0xA0..<0x300: return 1  // Latin-1, Latin Extended A and B, IPA, spacing modifiers
        case 0x2010...0x2027: return 1  // dashes, quotation marks, bullets, ellipsis
        case 0x3041...0x3096, 0x30A1...0x30FA: return 2  // hiragana, katakana (not the combining sound marks)
        case 0x4E00...0x9FFF: return 2  // CJK unified ideographs
        case 0xAC00...0xD7A3: return 2  // Hangul syllables
        default: return nil
        }
    }

    /// The columns of one grapheme cluster.
    package static func of(_ character: Character) -> Int {
        var widest = 0
        var hasEmojiSelector = false
        var first: Unicode.Scalar?
        for scalar in character.unicodeScalars {
            if first == nil { first = scalar }
            if scalar == "\u{FE0F}" { hasEmojiSelector = true }
            widest = max(widest, of(scalar))
        }
        // A text-default symbol followed by VS16 (❤️) is drawn as an emoji.
        if hasEmojiSelector, let first, first.properties.isEmoji, first.value > 0x7F {
            return 2
        }
        return widest
    }

    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        // Hangul medial vowels and final consonants join the preceding initial consonant.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian Width W and F blocks (UAX #11) other than emoji, by block rather than code point: close
    /// enough for the text an API returns, and free of tables. Emoji come from `isEmojiPresentation`.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
             0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
             0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
             0x3400...0x4DBF,  // CJK extension A
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xA000...0xA4CF,  // Yi
             0xA960...0xA97F,  // Hangul Jamo extended A
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE10...0xFE19,  // vertical forms
             0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
             0xFF00...0xFF60,  // fullwidth forms
             0xFFE0...0xFFE6,  // fullwidth signs
             0x20000...0x2FFFD,  // CJK extensions B–F
             0x30000...0x3FFFD:  // CJK extension G and beyond
            return true
        default:
            return false
        }
    }

    /// Removes CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC ] … ESC \`) and two-byte escapes.
    static func withoutEscapeSequences(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{1B}") else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            switch scalars.next() {
            case "["?:
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]"?:
                var previous: Unicode.Scalar = " "
                while let next = scalars.next() {
                    if next == "\u{07}" || (previous == "\u{1B}" && next == "\\") { break }
                    previous = next
                }
            default:
                break
            }
        }
        return String(result)
    }
}
