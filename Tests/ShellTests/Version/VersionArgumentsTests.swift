import Facade
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes

@Suite struct VersionArgumentsTests {
    @Test func diffTakesAServiceUpToTwoVersionsFlagsAndQuery() throws {
        let parsed = try DiffArguments.parse(["weather", "v1", "--schema", "v2", "city==Boston", "--all"], usage: "u")
        #expect(parsed == DiffArguments(service: "weather", versions: ["v1", "v2"], all: true, schema: true,
                                        query: [FormField(name: "city", value: "Boston")]))
        #expect(try DiffArguments.parse(["weather"], usage: "u").versions.isEmpty)
    }

    @Test func diffRefusesWhatItCannotMean() {
        #expect(throws: CommandError.self) { try DiffArguments.parse([], usage: "u") }
        #expect(throws: CommandError.self) { try DiffArguments.parse(["weather", "v1", "v2", "v3"], usage: "u") }
        #expect(throws: CommandError.self) { try DiffArguments.parse(["weather", "--color"], usage: "u") }
    }

    @Test func watchDefaultsAndOptions() throws {
        let plain = try WatchArguments.parse(["weather"], usage: "u")
        #expect(plain == WatchArguments(service: "weather", interval: 5, count: nil, query: []))
        let full = try WatchArguments.parse(["stockQuote", "every=0.5", "COUNT=3", "symbol==MSFT"], usage: "u")
        #expect(full == WatchArguments(service: "stockQuote", interval: 0.5, count: 3,
                                       query: [FormField(name: "symbol", value: "MSFT")]))
        #expect(try WatchArguments.parse([], usage: "u").service == nil)
    }

    @Test func watchRefusesBadNumbersAndStrayWords() {
        for arguments in [["w", "every=0"], ["w", "every=abc"], ["w", "every=nan"], ["w", "count=0"], ["w", "count=-1"],
                          ["w", "x"], ["w", "foo=1"], ["w", "--fast"]] {
            #expect(throws: CommandError.self) { try WatchArguments.parse(arguments, usage: "u") }
        }
    }

    @Test func queryItemNeedsANameBeforeTheDoubleEquals() {
        #expect(QueryItem.parse("city==New York") == FormField(name: "city", value: "New York"))
        #expect(QueryItem.parse("a==b==c") == FormField(name: "a", value: "b==c"))
        #expect(QueryItem.parse("==x") == nil)
        #expect(QueryItem.parse("v2") == nil)
    }
}
