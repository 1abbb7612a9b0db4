import Testing
@testable import LineEditing

@Suite struct HistoryFileDefaultPathTests {
    @Test func usesXDGStateHomeWhenSet() {
        let path = HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/ana"])
        #expect(path == "/state/apish/history")
    }

    @Test func toleratesTrailingSlashInXDGStateHome() {
        let path = HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/state/", "HOME": "/home/ana"])
        #expect(path == "/state/apish/history")
    }

    @Test func fallsBackToHomeWithoutXDGStateHome() {
        let path = HistoryFile.defaultPath(environment: ["HOME": "/home/ana"])
        #expect(path == "/home/ana/.local/state/apish/history")
    }

    @Test func ignoresRelativeXDGStateHome() {
        // The XDG spec says relative paths are invalid and must be ignored.
        let path = HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/ana"])
        #expect(path == "/home/ana/.local/state/apish/history")
    }

    @Test func findsAHomeWithoutHOME() {
        let path = HistoryFile.defaultPath(environment: [:])
        #expect(path.hasPrefix("/"))
        #expect(path.hasSuffix("/.local/state/apish/history"))
    }

    @Test func parentDirectoryOfPaths() {
        #expect(HistoryFile.parentDirectory(of: "/a/b/history") == "/a/b")
        #expect(HistoryFile.parentDirectory(of: "/history") == "/")
        #expect(HistoryFile.parentDirectory(of: "history") == ".")
    }
}
