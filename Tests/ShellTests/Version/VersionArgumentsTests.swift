import Facade
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Commands

@Suite struct VersionArgumentsTests {
    /// The words after the command's name read as the engine reads them: by its signature, a mismatch
    /// explained by the command.
    private func read<T>(_ command: any Command, _ words: [String], _ make: (ParsedArguments) throws(CommandError) -> T) throws -> T {
        let parsed: ParsedArguments
        do { parsed = try command.signature.parse(words) } catch { throw command.explain(error, words: words) }
        return try make(parsed)
    }

    private func diff(_ words: [String]) throws -> DiffArguments { try read(DiffCommand(), words, DiffArguments.init) }
    private func watch(_ words: [String]) throws -> WatchArguments { try read(WatchCommand(), words, WatchArguments.init) }

    @Test func diffTakesAServiceUpToTwoVersionsFlagsAndQuery() throws {
        let parsed = try diff(["weather", "v1", "--schema", "v2", "city==Boston", "--all"])
        #expect(parsed == DiffArguments(service: "weather", versions: ["v1", "v2"], all: true, schema: true,
                                        query: [FormField(name: "city", value: "Boston")]))
        #expect(try diff(["weather"]).versions.isEmpty)
    }

    @Test func diffRefusesWhatItCannotMean() {
        #expect(throws: CommandError.self) { try diff([]) }
        #expect(throws: CommandError.self) { try diff(["weather", "v1", "v2", "v3"]) }
        #expect(throws: CommandError.self) { try diff(["weather", "--color"]) }
    }

    @Test func watchDefaultsAndOptions() throws {
        let plain = try watch(["weather"])
        #expect(plain == WatchArguments(service: "weather", interval: 5, count: nil, query: []))
        let full = try watch(["stockQuote", "every=0.5", "COUNT=3", "symbol==MSFT"])
        #expect(full == WatchArguments(service: "stockQuote", interval: 0.5, count: 3,
                                       query: [FormField(name: "symbol", value: "MSFT")]))
        #expect(try watch([]).service == nil)
    }

    @Test func watchRefusesBadNumbersAndStrayWords() {
        for arguments in [["w", "every=0"], ["w", "every=abc"], ["w", "every=nan"], ["w", "count=0"], ["w", "count=-1"],
                          ["w", "x"], ["w", "foo=1"], ["w", "--fast"]] {
            #expect(throws: CommandError.self) { try watch(arguments) }
        }
    }

    @Test func queryItemNeedsANameBeforeTheDoubleEquals() {
        #expect(QueryItem.parse("city==New York") == FormField(name: "city", value: "New York"))
        #expect(QueryItem.parse("a==b==c") == FormField(name: "a", value: "b==c"))
        #expect(QueryItem.parse("==x") == nil)
        #expect(QueryItem.parse("v2") == nil)
    }
}
