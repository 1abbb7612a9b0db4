import Testing
@testable import Shell

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneColumnPerCharacter() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("Richmond, VA") == 12)
    }

    @Test func hangulCJKAndFullwidthAreTwoColumns() {
        #expect(DisplayWidth.of("날씨") == 4)
        #expect(DisplayWidth.of("한국어 abc") == 10)
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("かな") == 4)
        #expect(DisplayWidth.of("ＡＢ１") == 6)
    }

    @Test func decomposedHangulJamoIsOneSyllableWide() {
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)
    }

    @Test func combiningMarksAndZeroWidthCharactersTakeNoColumns() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("\u{301}") == 0)
    }

    @Test func emojiAreTwoColumnsPerCluster() {
        #expect(DisplayWidth.of("👍") == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("🇰🇷") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("63°F ☀️") == 7)
    }

    @Test func escapeSequencesTakeNoColumns() {
        #expect(DisplayWidth.of("\u{1B}[1;36mab\u{1B}[0m") == 2)
        #expect(DisplayWidth.of("\u{1B}]8;;http://x.example\u{07}link\u{1B}]8;;\u{1B}\\") == 4)
        #expect(DisplayWidth.of(TextStyle.colored.green("서울")) == 4)
    }

    @Test func controlCharactersTakeNoColumns() {
        #expect(DisplayWidth.of("a\u{07}b\u{7F}") == 2)
    }
}
