import Testing
@testable import LineEditing

/// History of an EditLineReader without reading any line, so libedit's process-wide state is never
/// touched and these tests can run in parallel.
@Suite struct EditLineReaderHistoryTests {
    /// The shell's redaction, in miniature: bearer tokens become •••.
    static func redactTokens(_ line: String) -> String {
        line.replacing(/Bearer \S+/, with: "Bearer •••")
    }

    @Test func savesWithMode0600AndCreatesParentDirectories() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/state/apish/history"

        let reader = EditLineReader(historyFile: path, redact: { $0 }, completion: nil)
        reader.addHistory("services")
        try reader.saveHistory()

        #expect(Files.mode(path) == 0o600)
        #expect(Files.mode(temporary.path + "/state/apish") == 0o700)
        #expect(Files.mode(temporary.path + "/state") == 0o700)
        #expect(try Files.contents(of: path) == "_HiStOrY_V2_\nservices\n")
    }

    @Test func tightensTheModeOfAnExistingFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/history"
        try Files.create(path, text: "_HiStOrY_V2_\nold\n", mode: 0o644)

        let reader = EditLineReader(historyFile: path, redact: { $0 }, completion: nil)
        reader.addHistory("new")
        try reader.saveHistory()

        #expect(Files.mode(path) == 0o600)
        #expect(try Files.contents(of: path) == "_HiStOrY_V2_\nold\nnew\n")
    }

    @Test func redactsBeforeKeepingOrSaving() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/history"

        let reader = EditLineReader(historyFile: path, redact: Self.redactTokens, completion: nil)
        reader.addHistory("auth bearer Bearer abc123 twit")
        try reader.saveHistory()

        #expect(reader.history == ["auth bearer Bearer ••• twit"])
        let saved = try Files.contents(of: path)
        #expect(!saved.contains("abc123"))
        #expect(saved.contains(#"Bearer\040•••"#))
    }

    @Test func skipsBlankLinesAndImmediateDuplicates() {
        let reader = EditLineReader(historyFile: nil, redact: { $0 }, completion: nil)
        for line in ["help", "", "   ", "help", "services", "help", "help"] {
            reader.addHistory(line)
        }
        #expect(reader.history == ["help", "services", "help"])
    }

    @Test func dropsTrailingBlanksSoCompletedCommandsMatch() {
        let reader = EditLineReader(historyFile: nil, redact: { $0 }, completion: nil)
        reader.addHistory("help ")
        reader.addHistory("help")
        reader.addHistory("  use weather v2 \t")
        #expect(reader.history == ["help", "  use weather v2"])
    }

    @Test func duplicatesAreJudgedAfterRedaction() {
        let reader = EditLineReader(historyFile: nil, redact: Self.redactTokens, completion: nil)
        reader.addHistory("auth Bearer one")
        reader.addHistory("auth Bearer two")
        #expect(reader.history == ["auth Bearer •••"])
    }

    @Test func capsTheHistoryInMemoryAndInTheFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/history"

        let reader = EditLineReader(historyFile: path, maxHistory: 3, redact: { $0 }, completion: nil)
        for number in 1...5 {
            reader.addHistory("command \(number)")
        }
        try reader.saveHistory()
        #expect(reader.history == ["command 3", "command 4", "command 5"])

        let reloaded = EditLineReader(historyFile: path, maxHistory: 2, redact: { $0 }, completion: nil)
        #expect(reloaded.history == ["command 4", "command 5"])
    }

    @Test func loadsAnExistingLibeditFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/history"
        try Files.create(path, text: "_HiStOrY_V2_\nuse\\040weather\\040v2\nrefresh\nauth\\040Bearer\\040s3cret\n")

        let reader = EditLineReader(historyFile: path, redact: Self.redactTokens, completion: nil)

        #expect(reader.historyLoadError == nil)
        #expect(reader.history == ["use weather v2", "refresh", "auth Bearer •••"])
    }

    @Test func loadsAPlainFileWithoutTheCookie() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/history"
        try Files.create(path, text: "services\r\nuse weather v1\n")

        let reader = EditLineReader(historyFile: path, redact: { $0 }, completion: nil)
        #expect(reader.history == ["services", "use weather v1"])
    }

    @Test func aMissingFileIsAnEmptyHistory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }

        let reader = EditLineReader(historyFile: temporary.path + "/none/history", redact: { $0 }, completion: nil)
        #expect(reader.history.isEmpty)
        #expect(reader.historyLoadError == nil)
    }

    @Test func reportsAnUnreadableFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }

        // A directory where the file should be: open succeeds, read fails.
        let reader = EditLineReader(historyFile: temporary.path, redact: { $0 }, completion: nil)
        #expect(reader.history.isEmpty)
        #expect(reader.historyLoadError?.operation == "read")
    }

    @Test func saveFailureNamesWhatFailed() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try Files.create(temporary.path + "/file", text: "")

        let reader = EditLineReader(historyFile: temporary.path + "/file/apish/history", redact: { $0 }, completion: nil)
        reader.addHistory("help")
        #expect {
            try reader.saveHistory()
        } throws: { error in
            let failure = error as? HistoryFileError
            return failure?.operation == "create directory" && failure?.path == temporary.path + "/file/apish"
        }
        #expect(!Files.exists(temporary.path + "/file/apish"))
    }

    @Test func savingWithoutAFileDoesNothing() throws {
        let reader = EditLineReader(historyFile: nil, redact: { $0 }, completion: nil)
        reader.addHistory("help")
        try reader.saveHistory()
        #expect(reader.history == ["help"])
    }
}

/// A value that becomes a secret later (`set mytok X`, then `auth bearer $mytok`) leaves the file too.
@Suite struct HistoryLaterSecretTests {
    final class Known: @unchecked Sendable {
        var secrets: [String] = []
    }

    @Test func aLineKeptBeforeItsValueBecameASecretIsMaskedOnTheNextSave() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/history"
        let known = Known()
        let reader = EditLineReader(historyFile: path, redact: { line in
            known.secrets.reduce(line) { $0.replacing($1, with: "•••") }
        }, completion: nil)

        reader.addHistory("set mytok s3cr3t-value")
        try reader.saveHistory()
        #expect(try Files.contents(of: path).contains("s3cr3t-value"))

        // WHEN the variable is used as a token, the session learns the value is a secret
        known.secrets = ["s3cr3t-value"]
        reader.addHistory("auth bearer $mytok")
        try reader.saveHistory()

        // THEN the earlier line is masked in the file
        let text = try Files.contents(of: path)
        #expect(!text.contains("s3cr3t-value"), "\(text)")
        #expect(text.contains("set\\040mytok\\040•••"), "\(text)")
    }
}
