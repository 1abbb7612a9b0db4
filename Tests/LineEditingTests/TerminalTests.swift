import Testing
import LineEditing

@Suite struct TerminalTests {
    @Test func widthIsAlwaysUsable() {
        // Under `swift test` stdout is usually a pipe: the answer then comes from $COLUMNS or is 80.
        let width = Terminal.width()
        #expect(width > 0 && width < 100_000)
    }
}
