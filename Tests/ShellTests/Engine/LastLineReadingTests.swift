import DemoAPIs
import Foundation
import ScriptLanguage
import Testing
@testable import Facade
@testable import HTTPClient
@testable import Shell
@testable import Commands

/// The same line again is given the statements read last and is run at its own location; anything else is read.
@Suite("Last line's reading")
struct LastLineReadingTests {
    private let registry = CommandRegistry.standard
    private let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)

    private func read(_ memo: inout LastLineReading, _ line: String, reads: inout Int) throws -> [Statement] {
        try memo.statements(of: line) { () throws(TokenizerError) in
            reads += 1
            return try registry.statements(in: line, session: session, markingSecrets: false)
        }
    }

    @Test func theSameLineIsReadOnce() throws {
        // GIVEN a line read once
        var memo = LastLineReading(), reads = 0
        let first = try read(&memo, "refresh weather city==Boston; show", reads: &reads)
        // WHEN the same text comes again
        let second = try read(&memo, "refresh weather city==Boston; show", reads: &reads)
        // THEN it is not read again, and says the same
        #expect(reads == 1)
        #expect(second.map { $0.words.map(\.text) } == first.map { $0.words.map(\.text) })
        #expect(second.map { $0.command?.name } == ["refresh", "show"])
        #expect(second.map { $0.reading?.arguments.items } == [["city==Boston"], []])
    }

    @Test func anotherLineIsReadAndALineThatFailsIsNotKept() throws {
        // GIVEN a line read
        var memo = LastLineReading(), reads = 0
        _ = try read(&memo, "refresh weather", reads: &reads)
        // WHEN a line that differs by a byte comes, then one that does not read twice, then the second again
        let other = try read(&memo, "refresh weather ", reads: &reads)
        #expect(throws: TokenizerError.self) { try read(&memo, "refresh 'weather", reads: &reads) }
        #expect(throws: TokenizerError.self) { try read(&memo, "refresh 'weather", reads: &reads) }
        let again = try read(&memo, "refresh weather ", reads: &reads)
        // THEN each was read (the failing one both times: nothing is kept for it)
        #expect(reads == 5)
        #expect(other.map { $0.words.map(\.text) } == [["refresh", "weather"]])
        #expect(again.map { $0.words.map(\.text) } == [["refresh", "weather"]])
    }

    @Test func aLineOfTheSameLengthThatDiffersInOneByteIsReadAgain() throws {
        // GIVEN a line read
        var memo = LastLineReading(), reads = 0
        _ = try read(&memo, "refresh weather", reads: &reads)
        // WHEN lines of the same length come that differ from it in their last byte, then in their first
        let last = try read(&memo, "refresh weathes", reads: &reads)
        let first = try read(&memo, "sefresh weathes", reads: &reads)
        // THEN each is read, and its words are its own
        #expect(reads == 3)
        #expect(last.map { $0.words.map(\.text) } == [["refresh", "weathes"]])
        #expect(first.map { $0.words.map(\.text) } == [["sefresh", "weathes"]])
    }

    @Test func aLineOfOtherBytesIsReadEvenWhenSwiftCallsItEqual() throws {
        // GIVEN a line with a precomposed é read
        var memo = LastLineReading(), reads = 0
        _ = try read(&memo, "set name caf\u{E9}", reads: &reads)
        // WHEN the same text comes with a decomposed é (canonically equal: Swift's == calls them equal)
        let decomposed = try read(&memo, "set name cafe\u{301}", reads: &reads)
        // THEN it is read again, and its words keep its own bytes (what is sent is what was typed)
        #expect(reads == 2)
        #expect(decomposed.map { $0.words.map { Array($0.text.utf8) } } == [[Array("set".utf8), Array("name".utf8), Array("cafe\u{301}".utf8)]])
    }

    @Test func aRepeatedLineExpandsItsVariablesAndFailsAtItsOwnLine() {
        // GIVEN an engine  WHEN a script repeats lines whose variables change, and an unknown command twice
        let output = BufferedOutput()
        let engine = ShellEngine(session: session, output: output)
        let ok = engine.run(LineListSource(text: "set a x\nset a ${a}y\nset a ${a}y\nnope\nnope\n"), file: "t.apish")
        // THEN each line's words are expanded as the session is then, and each failure names its own line
        #expect(!ok)
        #expect(session.variable("a") == "xyy")
        #expect(engine.failures.map { $0.location?.line } == [4, 5])
        #expect(output.errors.contains("t.apish:4: unknown command 'nope'"))
        #expect(output.errors.contains("t.apish:5: unknown command 'nope'"))
    }
}
