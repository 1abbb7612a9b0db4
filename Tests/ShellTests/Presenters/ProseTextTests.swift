import APIDescriptions
import Foundation
@testable import Shell
import Testing
import TestSupport

/// `ProseText.firstSentence` stops reading a description once its first sentence is known (`ops` shows one
/// per operation, and Stripe's descriptions run to pages), and takes runs of plain ASCII a byte at a time;
/// what it gives is what the whole plain text, read a character at a time, gives.
@Suite struct ProseTextTests {
    /// The first sentence as read from the whole of `ProseText.plain`, as `firstSentence` read it before.
    static func firstSentenceOfTheWhole(_ text: String) -> String? {
        let plain = ProseText.plain(text)
        let paragraph = plain.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        var sentence = paragraph
        if let stop = paragraph.range(of: ". ") { sentence = paragraph[..<paragraph.index(after: stop.lowerBound)] }
        let trimmed = sentence.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    @Test(arguments: [
        "Creates a customer. Then more.", "<p>Lists all <a href=\"x. y\">charges</a>. More</p>", "\n\n  \n<p></p>Second line. Yes",
        "No stop at all", "Ends with a stop.", "[Links. here](https://example.com/a. b) and then. more", ". Leading stop",
        "A &amp; B. C", "<br>&lt;tag&gt; first\nsecond. third", "a.b. c", "   ", "",
        "Unclosed <tag that. never ends", "[unclosed. link", "tab.\tthen. space",
        "Line one.\r\nLine two", "A.\u{301} B. C", "a & b. c", "Café. Then", "\u{2028}\u{A0}Words. after",
        "Stop.\u{301} then. more", "e\u{301}. Then", "abc\u{301}d. e", "a.\t b. c", "x <p>y. z", "[a](b). c", "dot. ",
        "..  a", "   . x. y", "one\u{85}two. three", "Ends with\r\n\r\nblank. lines", "no break\u{A0}. x",
        "A. \u{301}B. C",
    ])
    func theFirstSentenceIsTheWholeTextsFirstSentence(text: String) {
        #expect(ProseText.firstSentence(of: text) == Self.firstSentenceOfTheWhole(text))
    }

    @Test func everyDescriptionOfGitHubAndStripeGivesTheWholeTextsFirstSentence() throws {
        let files = try RealDescriptions(["github-2021-10-10.json", "stripe-2022-04-12.json"])
        for name in ["github-2021-10-10.json", "stripe-2022-04-12.json"] {
            let document = try OpenAPIDocument.parse(try files.data(name), source: files.folder + "/" + name)
            let descriptions = document.operations.compactMap(\.description)
            #expect(descriptions.count > 300)
            for description in descriptions {
                #expect(ProseText.firstSentence(of: description) == Self.firstSentenceOfTheWhole(description), "\(description.prefix(200))")
            }
        }
    }
}
