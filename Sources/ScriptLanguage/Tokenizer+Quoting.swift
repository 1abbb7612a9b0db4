/// Writing text back in the command language: the one quoting function the shell uses wherever it turns a
/// value into a line to run later (recordings, `impact --fix`, `apish impact …`), and the one way a comment
/// it writes is kept on its line.
extension Tokenizer {
    /// `text` as one word that `split` and `parse` read back as exactly `text`: as is when every character
    /// is plain (ASCII letters and digits, `-_./=:@,+%{}`), else in single quotes, each `'` inside written
    /// `'\''` (the quoting ends, a backslash takes the quote literally, the quoting resumes). Inside single
    /// quotes nothing is syntax — no `$`, `;`, `#`, `|`, `>`, `<` or backslash — so no variable, command,
    /// comment or operator can come out of a value.
    ///
    /// Throws for a line break (`\n` or `\r`): a script is read a line at a time, and no quoting of the
    /// command language keeps a newline from ending its line and starting a command of its own.
    public static func quote(_ text: String) throws(TokenizerError) -> String {
        if let offset = text.utf8.firstIndex(where: { $0 == newline || $0 == carriageReturn }) {
            let column = text[..<offset].count + 1
            throw TokenizerError(message: "a line break cannot be written inside a word of one line", column: column)
        }
        let plain = !text.isEmpty && text.utf8.allSatisfy(isPlain)
        if plain { return text }
        // By scalars, as the tokenizer reads bytes: as a Character, a quote with a combining mark after it
        // is not "'", and a Character-wise replacement would leave it to end the quoting.
        var quoted = "'"
        for scalar in text.unicodeScalars {
            if scalar == "'" { quoted += #"'\''"# } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    /// `text` made safe to follow `#` on one line of a script: each line break and other control
    /// character shown as an escape (`\n`, `\r`, `\u{1B}`), so a comment written from a document's words
    /// ends where its line ends.
    public static func commentText(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += #"\n"#
            case "\r": shown += #"\r"#
            case "\t": shown.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                shown += #"\u{"# + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Bytes that are never syntax, wherever they stand in a word.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            plainPunctuation.contains(byte)
        }
    }

    private static let plainPunctuation = Set("-_./=:@,+%{}".utf8)
}
