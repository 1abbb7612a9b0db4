import Foundation
import Testing
@testable import Shell

/// The byte scan that trims script lines agrees with Foundation's `.whitespaces` trimming.
@Suite struct StringBlanksTests {
    @Test(arguments: [
        "", " ", "\t", "refresh weather", "  refresh weather", "refresh weather \t", " \t# a comment\t ",
        "\u{00A0}refresh\u{00A0}", " \u{3000}x\u{3000} ", "é", " é ", "  \u{2003}  ", "x\u{00A0} ",
    ])
    func trimsAsFoundationDoes(_ line: String) {
        #expect(line.trimmingBlanks() == line.trimmingCharacters(in: .whitespaces))
    }
}
