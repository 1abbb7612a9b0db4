import Testing
@testable import Shell
@testable import Rendering

/// The spinner's line fits the terminal, so its frames overwrite one line instead of wrapping.
@Suite struct SpinnerLineTests {
    let slow = "get http://127.0.0.1:45678/faults/delay/3000?padding=" + String(repeating: "x", count: 120)

    @Test func aShortLabelKeepsTheHint() {
        #expect(SpinnerLine.text(frame: "⠋", label: "refresh weather", width: 80) == "⠋ refresh weather (Ctrl-C cancels)")
    }

    @Test func aLongURLIsShortenedAndTheHintKeptWhenThereIsRoom() {
        let line = SpinnerLine.text(frame: "⠋", label: slow, width: 80)
        #expect(line == "⠋ get http://127.0.0.1:45678/faults/delay/3000?… (Ctrl-C cancels)")
    }

    @Test func onANarrowTerminalTheHintGoesBeforeTheURL() {
        let line = SpinnerLine.text(frame: "⠋", label: slow, width: 40)
        #expect(line == "⠋ get http://127.0…/faults/delay/3000?…")
        #expect(!line.contains("Ctrl-C"))
        #expect(DisplayWidth.of(line) <= 39)
    }

    @Test func neverReachesTheLastColumn() {
        for width in 2...120 {
            let line = SpinnerLine.text(frame: "⠋", label: slow, width: width)
            #expect(DisplayWidth.of(line) <= width - 1, "width \(width): \(line)")
        }
    }

    @Test func controlCharactersInTheLabelCannotMoveTheCursor() {
        let line = SpinnerLine.text(frame: "⠋", label: "get /x\n\u{1B}[2J", width: 80)
        #expect(!line.contains("\n"))
        #expect(!line.contains("\u{1B}"))
    }
}
