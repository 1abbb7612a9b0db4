/// How many terminal columns text occupies.
///
/// East Asian wide and fullwidth characters (Hangul, CJK, kana, fullwidth forms) and emoji shown as
/// emoji take two columns; combining marks, zero-width characters, controls and ANSI escape sequences
/// take none. A grapheme cluster takes the widest of its scalars, so a ZWJ emoji family or a flag is
/// two columns, not one per scalar. Tables need this to line up Korean text with ASCII.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        var width = 0
        for character in withoutEscapeSequences(text) {
            width += of(character)
        }
        return width
    }

    /// The columns of one grapheme cluster.
    static func of(_ character: Character) -> Int {
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

    static func of(_ scalar: Unicode.Scalar) -> Int {
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
