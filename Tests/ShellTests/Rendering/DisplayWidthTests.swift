import Testing
@testable import Shell
@testable import Rendering

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

/// The byte fast path must give what the grapheme-cluster path gives, and step aside for anything it
/// cannot measure scalar by scalar.
@Suite struct DisplayWidthFastPathTests {
    @Test func measuresASCIILatinAndCJKWithoutClusters() {
        #expect(DisplayWidth.widthOfSimpleText("Richmond, VA") == 12)
        #expect(DisplayWidth.widthOfSimpleText("São Paulo") == 9)
        #expect(DisplayWidth.widthOfSimpleText("東京 Trail Running") == 18)
        #expect(DisplayWidth.widthOfSimpleText("서울") == 4)
        #expect(DisplayWidth.widthOfSimpleText("a\u{07}b\u{7F}c\u{85}") == 3)
        #expect(DisplayWidth.widthOfSimpleText("line\r\nnext") == 8)
        #expect(DisplayWidth.widthOfSimpleText("") == 0)
    }

    @Test func leavesJoiningScalarsAndEscapesToTheClusterPath() {
        for text in ["e\u{301}", "👍", "❤️", "🇰🇷", "\u{1100}\u{1161}", "가\u{11A8}", "か\u{3099}", "a\u{200D}b",
                     "\u{1B}[1mbold\u{1B}[0m", "x\u{FE0F}", "ab\u{0600}", "é\u{20DD}"] {
            #expect(DisplayWidth.widthOfSimpleText(text) == nil, "\(text.unicodeScalars.map { $0.value })")
        }
    }

    @Test func everyStandaloneScalarIsItsOwnClusterOfTheSameWidth() {
        // GIVEN every scalar the fast path measures alone / WHEN next to itself and to ASCII
        // THEN it forms no cluster with them, and its width is the cluster path's.
        let ranges: [ClosedRange<UInt32>] = [
            0x80...0x2FF, 0x2010...0x2027, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
        ]
        var checked = 0
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), let width = DisplayWidth.widthOfStandaloneScalar(value) else {
                    Issue.record("U+\(String(value, radix: 16)) is in a fast range but not measured")
                    continue
                }
                let alone = String(Character(scalar))
                #expect(width == DisplayWidth.widthByClusters(alone), "U+\(String(value, radix: 16))")
                for text in ["a" + alone, alone + "a", alone + alone, " " + alone + "\r\n"] {
                    if DisplayWidth.widthOfSimpleText(text) != DisplayWidth.widthByClusters(text) {
                        Issue.record("U+\(String(value, radix: 16)) in \(text.unicodeScalars.map { $0.value })")
                    }
                }
                checked += 1
            }
        }
        #expect(checked > 30_000)
    }

    @Test func joiningAndWideScalarsAreNotStandalone() {
        for value: UInt32 in [0x300, 0x301, 0x200B, 0x200D, 0x2028, 0x3099, 0x309A, 0x1100, 0x1161, 0x11A8, 0xFE0F, 0x1F44D,
                              0x1F1F0, 0x2764, 0xFF21, 0x0600] {
            #expect(DisplayWidth.widthOfStandaloneScalar(value) == nil, "U+\(String(value, radix: 16))")
        }
    }

    @Test func agreesWithTheClusterPathOnMixedText() {
        let texts = ["Boston Café Philosophy #0", "Zürich", "東京 Trail Running #49998", "한국어 abc", "63°F ☀️",
                     "“quoted” – dash…", "naïve\u{301}", "tab\there", "C1 \u{9B}31m", "👨‍👩‍👧 family", "ｆｕｌｌ"]
        for text in texts {
            #expect(DisplayWidth.of(text) == DisplayWidth.widthByClusters(text), "\(text)")
        }
    }
}
