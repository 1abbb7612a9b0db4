import Testing
@testable import Shell
@testable import Rendering

@Suite struct TextStyleTests {
    @Test func plainStyleLeavesTextAlone() {
        let style = TextStyle.plain
        #expect(style.bold("a") == "a")
        #expect(style.red("a") + style.green("b") + style.yellow("c") + style.cyan("d") == "abcd")
        #expect(style.dim("a") + style.magenta("b") == "ab")
    }

    @Test func coloredStyleWrapsTextInSGRCodes() {
        let style = TextStyle.colored
        #expect(style.bold("a") == "\u{1B}[1ma\u{1B}[0m")
        #expect(style.dim("a") == "\u{1B}[2ma\u{1B}[0m")
        #expect(style.red("a") == "\u{1B}[31ma\u{1B}[0m")
        #expect(style.green("a") == "\u{1B}[32ma\u{1B}[0m")
        #expect(style.yellow("a") == "\u{1B}[33ma\u{1B}[0m")
        #expect(style.magenta("a") == "\u{1B}[35ma\u{1B}[0m")
        #expect(style.cyan("a") == "\u{1B}[36ma\u{1B}[0m")
    }

    @Test func emptyTextGetsNoCodes() {
        #expect(TextStyle.colored.bold("") == "")
    }
}
