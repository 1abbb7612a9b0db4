import Foundation
import Testing
@testable import LineEditing

/// Script files read as they run: lines as from a pipe, a line over the file limit skipped and reported,
/// the descriptor closed with the reader, and nil for what cannot be opened.
@Suite struct PlainLineReaderFileTests {
    private func file(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "apish-plain-\(UUID().uuidString).apish"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileReadsAsItsLines() throws {
        // GIVEN a script with CRLF, an empty line and no final newline, larger than one read
        let long = String(repeating: "x", count: 40_000)
        let path = try file(Array("set a 1\r\n\nset b \(long)\nrefresh weather".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try #require(PlainLineReader(path: path, maxLineBytes: 1 << 20))
        // THEN the lines come as written, then the end
        #expect(PlainLineReaderTests.readAll(reader) == [
            .line("set a 1"), .line(""), .line("set b " + long), .line("refresh weather"), .endOfInput, .endOfInput,
        ])
    }

    @Test func aLineOverTheFileLimitIsSkippedAndReported() throws {
        // GIVEN a limit of 1 KiB and a line of 2 KiB between two short ones
        let path = try file(Array("first\n\(String(repeating: "y", count: 2048))\nlast\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try #require(PlainLineReader(path: path, maxLineBytes: 1024))
        // THEN the long one is reported with the file's limit and the next line still comes
        #expect(PlainLineReaderTests.readAll(reader) == [
            .line("first"), .lineTooLong(limit: 1024), .line("last"), .endOfInput, .endOfInput,
        ])
    }

    @Test func aMissingFileIsNil() {
        #expect(PlainLineReader(path: "/nonexistent/apish-script.apish", maxLineBytes: 1024) == nil)
    }

    @Test func theDescriptorIsClosedWithTheReader() throws {
        let path = try file(Array("a\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // GIVEN the lowest free descriptor before and after a reader lives and goes
        let before = dup(0)
        close(before)
        do {
            let reader = PlainLineReader(path: path, maxLineBytes: 1024)
            #expect(reader != nil)
        }
        let after = dup(0)
        close(after)
        // THEN the reader's descriptor was given back
        #expect(after == before)
    }
}
