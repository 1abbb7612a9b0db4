import DemoAPIs
import DemoServer
import Facade
import Foundation
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Scripts
@testable import Commands
@testable import ShellCommandLine

/// A script run with a story: commands echoed with their line, headings, ✓/✗ and a summary.
@Suite final class ScriptStoryTests {
    let server: DemoServer
    let output = BufferedOutput()
    let engine: ShellEngine

    init() throws {
        server = DemoServer(configuration: DemoServerConfiguration())
        try server.start()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(server.baseURL + "/services.json")
        var options = ShellOptions()
        options.story = true
        options.width = { 0 }
        engine = ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles, options: options), output: output)
    }

    deinit {
        server.stop()
    }

    @Test func theStoryShowsEachCommandHeadingAndVerdictInOrder() {
        let script = """
        #!/usr/bin/env apish
        # Weather, version 2
        use weather v2
        refresh weather city==Seattle
        expect status 200
        expect city == Boston
        #
        # Errors are judged
        refresh weather city==Atlantis
        expect status 404
        bogus
        """
        #expect(!engine.run(LineListSource(text: script), file: "t.apish"))
        let port = server.baseURL
        #expect(output.output == """
            ── Weather, version 2
               3 › use weather v2
            weather → v2  \(port)/weather/v2
               4 › refresh weather city==Seattle
            City         Seattle
            State        WA
            Temperature  52°F
            Conditions   Rain
               5 ✓ expect status 200
               6 ✗ expect city == Boston

            ── Errors are judged
               9 › refresh weather city==Atlantis
              10 ✓ expect status 404
              11 › bogus

            """)
        #expect(output.errors == """
            t.apish:6: expected city == Boston, got "Seattle"
            t.apish:11: unknown command 'bogus'; type help for the list

            """)
    }

    @Test func linesOfASourcedFileCarryItsName() throws {
        let directory = NSTemporaryDirectory() + "apish-story-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "use weather v1\n".write(toFile: directory + "/lib.apish", atomically: true, encoding: .utf8)
        try "source lib.apish\nservices\n".write(toFile: directory + "/main.apish", atomically: true, encoding: .utf8)
        #expect(try engine.runFile(directory + "/main.apish"))
        let told = output.output.split(separator: "\n").filter { $0.contains(" › ") }
        #expect(told == ["   1 › source lib.apish", "\(directory)/lib.apish:1 › use weather v1", "   2 › services"])
    }

    @Test func theSummaryCountsPassedAndFailedCases() {
        #expect(ScriptStory.summary(passed: 3, failed: 1, seconds: 0.4242, style: .plain) == "\n3 passed, 1 failed (0.42 s)\n")
        #expect(ScriptStory.summary(passed: 2, failed: 0, seconds: 1, style: .colored).contains("\u{1B}[32m2 passed, 0 failed (1.00 s)"))
    }

    @Test func theRunnerEndsAStoryWithItsSummary() {
        var arguments = ShellArguments()
        arguments.commands = ["use weather v1", "expect version weather == v2", "services"]
        let status = ScriptRunner(engine: engine, arguments: arguments).run(stdin: { LineListSource([]) })
        #expect(status == 1)
        #expect(output.output.contains("   2 ✗ expect version weather == v2\n"))
        let summary = output.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("2 passed, 1 failed ("))
        #expect(summary.hasSuffix(" s)"))
        #expect(output.output.hasSuffix("\n\n" + summary + "\n"))
    }
}

/// Without a story, scripts print only what their commands print, as before.
@Suite final class ScriptWithoutStoryTests {
    @Test func noEchoNoHeadingsNoSummary() throws {
        let server = DemoServer(configuration: DemoServerConfiguration())
        try server.start()
        defer { server.stop() }
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(server.baseURL + "/services.json")
        let output = BufferedOutput()
        let engine = ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles), output: output)
        var arguments = ShellArguments()
        arguments.commands = ["# a heading", "use weather v1", "expect version weather == v1"]
        #expect(ScriptRunner(engine: engine, arguments: arguments).run(stdin: { LineListSource([]) }) == 0)
        #expect(output.output == "weather → v1  \(server.baseURL)/weather/v1\n")
    }
}
