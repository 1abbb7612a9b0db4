import Facade
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Commands

@Suite struct VersionArgumentsTests {
    @Test func diffTakesAServiceUpToTwoVersionsFlagsAndQuery() throws {
        let parsed = try DiffArguments.parse(["weather", "v1", "--schema", "v2", "city==Boston", "--all"])
        #expect(parsed == DiffArguments(service: "weather", versions: ["v1", "v2"], all: true, schema: true,
                                        query: [FormField(name: "city", value: "Boston")]))
        #expect(try DiffArguments.parse(["weather"]).versions.isEmpty)
    }

    @Test func diffRefusesWhatItCannotMean() {
        #expect(throws: CommandError.self) { try DiffArguments.parse([]) }
        #expect(throws: CommandError.self) { try DiffArguments.parse(["weather", "v1", "v2", "v3"]) }
        #expect(throws: CommandError.self) { try DiffArguments.parse(["weather", "--color"]) }
    }

    @Test func watchDefaultsAndOptions() throws {
        let plain = try WatchArguments.parse(["weather"])
        #expect(plain == WatchArguments(service: "weather", interval: 5, count: nil, query: []))
        let full = try WatchArguments.parse(["stockQuote", "every=0.5", "COUNT=3", "symbol==MSFT"])
        #expect(full == WatchArguments(service: "stockQuote", interval: 0.5, count: 3,
                                       query: [FormField(name: "symbol", value: "MSFT")]))
        #expect(try WatchArguments.parse([]).service == nil)
    }

    @Test func watchRefusesBadNumbersAndStrayWords() {
        for arguments in [["w", "every=0"], ["w", "every=abc"], ["w", "every=nan"], ["w", "count=0"], ["w", "count=-1"],
                          ["w", "x"], ["w", "foo=1"], ["w", "--fast"]] {
            #expect(throws: CommandError.self) { try WatchArguments.parse(arguments) }
        }
    }

    @Test func queryItemNeedsANameBeforeTheDoubleEquals() {
        #expect(QueryItem.parse("city==New York") == FormField(name: "city", value: "New York"))
        #expect(QueryItem.parse("a==b==c") == FormField(name: "a", value: "b==c"))
        #expect(QueryItem.parse("==x") == nil)
        #expect(QueryItem.parse("v2") == nil)
    }
}
