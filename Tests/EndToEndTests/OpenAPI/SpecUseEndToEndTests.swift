import Foundation
import Testing

/// The built `apish` on the demo server with locators written for the tests: `call` finding an operation
/// in whichever service has it (and asking when several do), versions that are labels, and `locate`
/// noticing a document whose operations changed under the same `info.version`.
@Suite struct SpecUseEndToEndTests {
    /// The pet store v2 as `pets`, the vault as `vault`, and (with `twice`) the pet store again as `shop`.
    private func locator(_ files: ScriptFiles, _ server: String, twice: Bool = false) throws -> String {
        let shop = twice ? #", {"name":"shop","version":1,"url":"\#(server)/petstore/v2","openapi":"\#(server)/specs/petstore-v2.json"}"# : ""
        return try files.write("services.json", #"""
            {"services":[
              {"name":"pets","version":2,"url":"\#(server)/petstore/v2","openapi":"\#(server)/specs/petstore-v2.json"},
              {"name":"vault","version":1,"url":"\#(server)/vault","openapi":"\#(server)/specs/vault.json"}\#(shop)]}
            """#)
    }

    @Test func callFindsAnOperationOfAnotherServiceThanTheCurrentOne() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let result = try Apish.run([
            "--no-color", "--locator", try locator(files, server.baseURL),
            "-c", "use vault 1", "-c", "call getPet 1", "-c", "expect name == \"Rex\"", "-c", "call getHealth",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""operation":"getHealth""#))
    }

    @Test func anOperationOfSeveralServicesAsksWhichOne() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let result = try Apish.run([
            "--no-color", "--locator", try locator(files, server.baseURL, twice: true),
            "-c", "use vault 1", "-c", "call getPet 1",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("getPet is an operation of pets, shop; name one: call getPet --service pets\n"), "\(result.stderr)")
        let named = try Apish.run([
            "--no-color", "--locator", try locator(files, server.baseURL, twice: true),
            "-c", "use vault 1", "-c", "call getPet 2 --service shop", "-c", "expect name == \"Tom\"",
        ])
        #expect(named.status == 0, "\(named.stderr)")
    }

    @Test func labelsOrderAfterNumbersAndLatestPassesThemOver() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let path = try files.write("labels.json", #"""
            {"services":[
              {"name":"pets","version":"preview","url":"\#(server.baseURL)/petstore/v2"},
              {"name":"pets","version":"2010-old","url":"\#(server.baseURL)/petstore/v1"},
              {"name":"pets","version":2,"url":"\#(server.baseURL)/petstore/v2"},
              {"name":"pets","version":1,"url":"\#(server.baseURL)/petstore/v1"},
              {"name":"drafts","version":"beta","url":"\#(server.baseURL)/petstore/v1"},
              {"name":"drafts","version":"alpha","url":"\#(server.baseURL)/petstore/v1"}]}
            """#)
        let result = try Apish.run([
            "--no-color", "--locator", path, "-c", "services", "-c", "use pets latest", "-c", "expect version pets == v2",
            "-c", "use drafts latest", "-c", "expect version drafts == beta", "-c", "use pets preview", "-c", "refresh",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").prefix(7).map(String.init)
        #expect(rows == [
            "   SERVICE  VERSION   NOTES   URL",
            "   pets     v1                \(server.baseURL)/petstore/v1",
            "*  pets     v2        latest  \(server.baseURL)/petstore/v2",
            "   pets     2010-old          \(server.baseURL)/petstore/v1",
            "   pets     preview           \(server.baseURL)/petstore/v2",
            "   drafts   alpha             \(server.baseURL)/petstore/v1",
            "*  drafts   beta      latest  \(server.baseURL)/petstore/v1",
        ], "\(result.stdout)")
        #expect(result.stdout.contains("pets → preview  \(server.baseURL)/petstore/v2\n"))
    }

    @Test func locateReportsADocumentThatChangedUnderTheSameVersion() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        func spec(_ name: String, operations: [String]) throws -> String {
            let paths = operations.map { #""/\#($0)":{"get":{"operationId":"\#($0)","responses":{"200":{"description":"ok"}}}}"# }
            return try files.write(name, #"""
                {"openapi":"3.0.3","info":{"title":"Twilio - Lookups","version":"1.0.0"},
                 "servers":[{"url":"\#(server.baseURL)/petstore/v1"}],"paths":{\#(paths.joined(separator: ","))}}
                """#)
        }
        let first = try spec("lookups_v1.json", operations: ["FetchPhoneNumber", "ListCarriers"])
        let second = try spec("lookups_v2.json", operations: ["FetchPhoneNumber", "FetchBulk", "ListBulk"])
        let result = try Apish.run(["--no-color", "--locator", first, "-c", "locate \(second)", "-c", "ops"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(
            "~ twilio-lookups v1.0.0 document changed: 2 operations added (FetchBulk, ListBulk), 1 operation removed (ListCarriers)\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("twilio-lookups v1.0.0: Twilio - Lookups 1.0.0, 3 operations\n"))
    }
}
