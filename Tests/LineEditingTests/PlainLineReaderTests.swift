import Testing
@testable import LineEditing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct PlainLineReaderTests {
    /// Reads every result until the end, plus one more call to show the end is sticky.
    static func readAll(_ reader: PlainLineReader) -> [LineReadResult] {
        var results: [LineReadResult] = []
        while results.count < 100_000 {
            let result = reader.readLine(prompt: "apish> ")
            results.append(result)
            if result == .endOfInput { break }
        }
        results.append(reader.readLine(prompt: "apish> "))
        return results
    }

    /// A pipe already holding `bytes`, its write end closed (small inputs only: a pipe holds 64 KiB).
    static func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TestSetupError(message: "pipe: errno \(errno)") }
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        guard written == bytes.count else { throw TestSetupError(message: "short pipe write") }
        return ends[0]
    }

    @Test func splitsLinesFromAPipeDroppingCRAndKeepingEmptyLines() throws {
        let fd = try Self.pipeHolding(Array("services\r\n\nuse weather v2\n\r\nrefresh".utf8))
        defer { close(fd) }

        let results = Self.readAll(PlainLineReader(fileDescriptor: fd))

        #expect(results == [
            .line("services"), .line(""), .line("use weather v2"), .line(""), .line("refresh"),
            .endOfInput, .endOfInput,
        ])
    }

    @Test func aFinalNewlineAddsNoEmptyLine() throws {
        let fd = try Self.pipeHolding(Array("one\ntwo\n".utf8))
        defer { close(fd) }
        #expect(Self.readAll(PlainLineReader(fileDescriptor: fd)) == [.line("one"), .line("two"), .endOfInput, .endOfInput])
    }

    @Test func emptyInputEndsAtOnce() throws {
        let fd = try Self.pipeHolding([])
        defer { close(fd) }
        #expect(Self.readAll(PlainLineReader(fileDescriptor: fd)) == [.endOfInput, .endOfInput])
    }

    /// A byte that is not UTF-8 is carried as its private use scalar (U+10FF00 + byte, see `RawBytesText`),
    /// so a Latin-1 file name in a script reaches its file.
    @Test func invalidUTF8IsCarriedNotReplaced() throws {
        let fd = try Self.pipeHolding([0x61, 0xFF, 0xFE, 0x62, 0x0A, 0xC3, 0xA9])
        defer { close(fd) }
        #expect(Self.readAll(PlainLineReader(fileDescriptor: fd)) == [
            .line("a\u{10FFFF}\u{10FFFE}b"), .line("é"), .endOfInput, .endOfInput,
        ])
    }

    @Test func readsALargeFileAcrossBufferBoundaries() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/script.apish"
        let lines = (0..<20_000).map { "get weather city==Richmond-\($0)" + ($0 % 7 == 0 ? "\r" : "") }
        try Files.create(path, text: lines.joined(separator: "\n"))
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }

        let results = Self.readAll(PlainLineReader(fileDescriptor: fd))

        #expect(results.count == lines.count + 2)
        #expect(results[0] == .line("get weather city==Richmond-0"))
        #expect(results[12_345] == .line("get weather city==Richmond-12345"))
        #expect(results[19_999] == .line("get weather city==Richmond-19999"))
        #expect(results.suffix(2) == [.endOfInput, .endOfInput])
    }

    @Test func aLineOverTheLimitIsSkippedWholeAndReported() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/long-lines"
        let limit = PlainLineReader.maxLineBytes
        let text = "services\n" + String(repeating: "a", count: limit * 2 + 7) + "services\nbogus\n"
            + String(repeating: "b", count: limit + 1)
        try Files.create(path, text: text)
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }

        #expect(Self.readAll(PlainLineReader(fileDescriptor: fd)) == [
            .line("services"), .lineTooLong(limit: limit), .line("bogus"), .lineTooLong(limit: limit),
            .endOfInput, .endOfInput,
        ])
    }

    @Test func keepsHistoryInMemoryRedactedAndCapped() throws {
        let reader = PlainLineReader(fileDescriptor: -1, maxHistory: 2, redact: { $0.replacing("secret", with: "•••") })
        for line in ["one", "one", "", "auth key secret", "three"] {
            reader.addHistory(line)
        }
        #expect(reader.history == ["auth key •••", "three"])
        try reader.saveHistory()
    }

    @Test func aBadDescriptorIsTheEndOfInput() {
        #expect(PlainLineReader(fileDescriptor: -1).readLine(prompt: "") == .endOfInput)
    }
}
