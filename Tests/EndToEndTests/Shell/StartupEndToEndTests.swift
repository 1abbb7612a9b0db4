import Foundation
import Testing

/// The first minute: `apish help`, a command given as a file name, a locator without its scheme, and the
/// demo banner only when the demo is what runs.
@Suite struct StartupEndToEndTests {
    @Test func apishHelpPrintsTheUsage() throws {
        let result = try Apish.run(["help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("apish — an interactive shell"))
        #expect(result.stdout.contains("--verbose-script"))
        #expect(!result.stderr.contains("embedded demo"), "help starts no demo server")
    }

    @Test func aCommandGivenAsAFileNameSaysHowToRunIt() throws {
        let result = try Apish.run(["services"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("apish: cannot read script services: no such file; to run the command: apish -c 'services'"))
    }

    @Test func aLocatorWithoutSchemeHintsAtTheMissingHTTP() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let bare = server.baseURL.replacingOccurrences(of: "http://", with: "") + "/services.json"
        let result = try Apish.run(["--locator", bare, "-c", "services"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("(missing http://? try: http://\(bare))"), "\(result.stderr)")
        let fixed = try Apish.run(["--locator", "http://" + bare, "-c", "services"])
        #expect(fixed.status == 0)
    }

    @Test func theDemoBannerOnlyWhenTheDemoRuns() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let withLocator = try Apish.run(["--locator", server.baseURL + "/services.json", "-c", "services"])
        #expect(withLocator.status == 0)
        #expect(!withLocator.stderr.contains("embedded demo"))
        let fromEnvironment = try Apish.run(["-c", "services"], environment: ["APISH_LOCATOR": server.baseURL + "/services.json"])
        #expect(!fromEnvironment.stderr.contains("embedded demo"))
        let demo = try Apish.run(["-c", "services"])
        #expect(demo.stderr.contains("embedded demo API at http://127.0.0.1:"))
    }

    @Test func aDocumentTheStartUpLoadCannotUseIsAWarning() throws {
        // GIVEN a locator whose entry names a schema and an OpenAPI document that are not there
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apish-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let locator = directory.appendingPathComponent("services.json")
        try #"{"services":[{"name":"w","url":"http://127.0.0.1:9/w","version":1,"schema":"missing.json","openapi":"gone.json"}]}"#
            .write(to: locator, atomically: true, encoding: .utf8)
        // WHEN apish starts with -c, and with commands on a pipe
        for result in [try Apish.run(["--locator", locator.path, "-c", "services"]),
                       try Apish.run(["--locator", locator.path], stdin: "services\n")] {
            // THEN each unusable document is said on stderr, once, and the service still works
            #expect(result.status == 0)
            let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("apish: warning: w v1: cannot use") }
            #expect(warnings.count == 2, "\(result.stderr)")
            #expect(result.stdout.contains("w"))
        }
    }

    @Test func aFileThatIsNotReallyAScriptIsRefusedWithItsReason() throws {
        // GIVEN /proc/self/mem, "regular" but unreadable from its start, as the script and as a sourced file
        let direct = try Apish.run(["/proc/self/mem"])
        #expect(direct.status == 2)
        #expect(direct.stderr.contains("apish: cannot read script /proc/self/mem: input/output error"), "\(direct.stderr)")
        let sourced = try Apish.run([], stdin: "source /proc/self/mem\n")
        #expect(sourced.status == 1)
        #expect(sourced.stderr.contains("<stdin>:1: cannot read script /proc/self/mem: input/output error"), "\(sourced.stderr)")
    }

    @Test func qQuitsAScriptAndSuggestionsNeedSimilarity() throws {
        let result = try Apish.run([], stdin: "x\nservcies\nq\nservices\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("<stdin>:1: unknown command 'x'; type help for the list"))
        #expect(result.stderr.contains("<stdin>:2: unknown command 'servcies'; did you mean services?"))
        #expect(!result.stdout.contains("SERVICE"), "q quit before the last line")
    }
}
