import Testing
@testable import Shell
@testable import Rendering

/// Control characters are found by their UTF-8 bytes: C0 and DEL as single bytes, C1 as `C2 80`–`C2 9F`.
@Suite struct TerminalTextTests {
    @Test func findsC0C1AndDeleteButNotLatinLetters() {
        #expect(TerminalText.containsControl("a\u{07}b", allowingNewlinesAndTabs: false))
        #expect(TerminalText.containsControl("a\u{7F}", allowingNewlinesAndTabs: false))
        #expect(TerminalText.containsControl("São\u{85}", allowingNewlinesAndTabs: false))
        #expect(TerminalText.containsControl("\u{9F}", allowingNewlinesAndTabs: true))
        #expect(TerminalText.containsControl("a\tb", allowingNewlinesAndTabs: false))
        #expect(!TerminalText.containsControl("a\tb\nc", allowingNewlinesAndTabs: true))
        #expect(TerminalText.containsControl("a\r\nb", allowingNewlinesAndTabs: true))
        // U+00A0 is `C2 A0`, U+0100 is `C4 80`, `é` is `C3 A9`: none is a control.
        #expect(!TerminalText.containsControl("\u{A0}Āé東京", allowingNewlinesAndTabs: false))
    }

    @Test func singleLineReplacesControlsNextToNonASCII() {
        #expect(TerminalText.singleLine("Zürich\u{85}東京\tx") == "Zürich\u{FFFD}東京 x")
        #expect(TerminalText.singleLine("São Paulo") == "São Paulo")
        #expect(TerminalText.safe("a\u{9B}31m\nb") == "a\u{FFFD}31m\nb")
    }

    @Test func theOutputSinkNeutralisesEveryControlButItsOwnColours() {
        let style = TextStyle.colored
        // GIVEN an OSC title, a screen clear, a C1 CSI, BEL and a carriage return in text beside apish's colours
        let text = style.bold("op\u{1B}]0;pwned\u{07}") + " \u{1B}[2J\u{9B}31m\r" + style.red("x") + "\tZürich\u{85}\n"
        // THEN only apish's own SGR codes, tabs and newlines remain
        #expect(TerminalText.neutralized(text)
            == "\u{1B}[1mop\u{FFFD}]0;pwned\u{FFFD}\u{1B}[0m \u{FFFD}[2J\u{FFFD}31m\u{FFFD}\u{1B}[31mx\u{1B}[0m\tZürich\u{FFFD}\n")
        // AND an SGR code apish never writes (conceal) is neutralised, plain text is returned as is
        #expect(TerminalText.neutralized("\u{1B}[8mhidden") == "\u{FFFD}[8mhidden")
        #expect(TerminalText.neutralized("plain é 東京\n") == "plain é 東京\n")
        #expect(TerminalText.neutralized("\u{1B}[") == "\u{FFFD}[")
    }

    @Test(arguments: ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"])
    func bidirectionalControlsAreNeutralisedEverywhere(_ control: String) {
        // GIVEN a title that reorders what follows it / THEN it is shown as `�`, in the sink and in one-line cells
        #expect(TerminalText.neutralized("call getPet\(control)1 tep\n") == "call getPet\u{FFFD}1 tep\n")
        #expect(TerminalText.singleLine("a\(control)b") == "a\u{FFFD}b")
        #expect(TerminalText.safe("a\(control)b\n") == "a\u{FFFD}b\n")
        #expect(TerminalText.containsControl("é\(control)", allowingNewlinesAndTabs: true))
    }

    @Test func neighboursOfTheBidirectionalControlsAreKept() {
        // U+2010–U+2029 (dashes, quotes, line separators aside), U+2060–U+2065, U+206A: not reordering controls.
        let text = "\u{2014}\u{2019}\u{2026}\u{2030}\u{2060}\u{2065}\u{206A}\u{20AC}"
        #expect(TerminalText.neutralized(text) == text)
        #expect(!TerminalText.containsControl(text, allowingNewlinesAndTabs: false))
    }

    @Test func trailingBlanksAreTrimmedAndOtherTextKept() {
        #expect(RowsRenderer.trimmingTrailingBlanks("東京 \t ") == "東京")
        #expect(RowsRenderer.trimmingTrailingBlanks("a b") == "a b")
        #expect(RowsRenderer.trimmingTrailingBlanks(" \u{301}") == " \u{301}")
        #expect(RowsRenderer.trimmingTrailingBlanks("") == "")
    }

    /// Long runs of printable ASCII are passed over eight bytes at a time: a control, a C1 control, a
    /// bidirectional control or DEL at any offset of such a run, at either end or straddling two words, is
    /// still found, and the width of the run is still its length.
    @Test func aControlAnywhereInALongPrintableRunIsFound() {
        let run = String(repeating: "abcdefgh", count: 3)
        for control in ["\u{07}", "\u{7F}", "\u{1B}]0;x\u{07}", "\u{85}", "\u{9B}", "\u{202E}", "\u{0}"] {
            for offset in 0...run.utf8.count {
                let index = run.index(run.startIndex, offsetBy: offset)
                let text = String(run[..<index]) + control + String(run[index...])
                #expect(TerminalText.containsControl(text, allowingNewlinesAndTabs: true), "\(offset) \(control.unicodeScalars.first!.value)")
                #expect(!TerminalText.neutralized(text).contains(control), "\(offset)")
                #expect(TerminalText.neutralized(text).contains("\u{FFFD}"), "\(offset)")
                #expect(!TerminalText.safe(text).contains(control), "\(offset)")
            }
        }
        for offset in 0...run.utf8.count {
            let index = run.index(run.startIndex, offsetBy: offset)
            let text = String(run[..<index]) + "\n\t" + String(run[index...])
            #expect(!TerminalText.containsControl(text, allowingNewlinesAndTabs: true), "\(offset)")
            #expect(TerminalText.neutralized(text) == text, "\(offset)")
            let wide = String(run[..<index]) + "é東" + String(run[index...])
            #expect(DisplayWidth.of(wide) == DisplayWidth.widthByClusters(wide), "\(offset)")
            #expect(DisplayWidth.of(wide) == run.count + 3, "\(offset)")
        }
        #expect(!TerminalText.containsControl(run + "~ ", allowingNewlinesAndTabs: false))
        #expect(TerminalText.neutralized(run + "~ ") == run + "~ ")
    }

    /// The word-at-a-time count of leading printable ASCII bytes agrees with a byte-by-byte count for every
    /// byte value at every position of the word, and after a byte out of range whatever follows (a borrow
    /// or carry from it never moves the count).
    @Test func thePrintablePrefixOfAWordIsCountedExactly() {
        func byteByByte(_ bytes: [UInt8]) -> Int {
            bytes.prefix(8).prefix { (0x20...0x7E).contains($0) }.count
        }
        for position in 0..<8 {
            for value in UInt8.min...UInt8.max {
                for after: UInt8 in [0x00, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 9)
                    bytes[position] = value
                    for later in (position + 1)..<9 { bytes[later] = after }
                    let counted = bytes.withUnsafeBufferPointer { TerminalText.printableASCIIPrefix($0, at: 0) }
                    #expect(counted == byteByByte(bytes), "\(position) \(value) \(after)")
                }
            }
        }
        let short = Array("abcdefg".utf8)
        #expect(short.withUnsafeBufferPointer { TerminalText.printableASCIIPrefix($0, at: 0) } == 0)
        let lines = Array("Temperature  63\nState  VA\n".utf8)
        #expect(lines.withUnsafeBufferPointer { TerminalText.printableASCIIPrefix($0, at: 8) } == 7)
    }
}
