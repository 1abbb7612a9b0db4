#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import FoundationFree

@Suite struct TerminalWidthTests {
    @Test func aTerminalsOwnSizeWins() throws {
        // GIVEN a pseudo-terminal set to 123 columns (its controlling side answers for its size too)
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        defer { close(terminal) }
        var size = winsize()
        size.ws_col = 123
        size.ws_row = 40
        try #require(ioctl(terminal, UInt(TIOCSWINSZ), &size) == 0)
        // WHEN its width is asked / THEN it is the terminal's, whatever $COLUMNS says
        #expect(Platform.terminalColumns(of: terminal) == 123)
        #expect(TerminalWidth.columns(of: terminal) == 123)
    }

    @Test func aPipeFallsBackToColumnsElseEighty() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(Platform.terminalColumns(of: ends[1]) == nil)
        let fromEnvironment = getenv("COLUMNS").flatMap { Int(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil }
        #expect(TerminalWidth.columns(of: ends[1]) == fromEnvironment ?? 80)
    }
}
