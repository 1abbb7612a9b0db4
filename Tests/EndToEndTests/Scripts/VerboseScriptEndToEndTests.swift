import Foundation
import Testing

/// `--verbose-script` through a pipe: the script tells its story on stdout (for a CI log), failures still
/// go to stderr as `FILE:LINE`, and the exit code is unchanged. Without the flag a piped script prints
/// only what its commands print; with `--json` the flag changes nothing.
@Suite struct VerboseScriptEndToEndTests {
    static let script = """
    # Weather, version 2
    use weather v2
    refresh weather city==Seattle
    expect status 200
    expect city == Boston

    # Errors are judged by the next expectation
    refresh weather city==Atlantis
    expect status 404
    """

    @Test func theStoryGoesToStdoutThroughAPipe() throws {
        let files = try ScriptFiles()
        let path = try files.write("story.apish", Self.script)
        let result = try Apish.run(["--verbose-script", path])
        #expect(result.status == 1)
        let port = try #require(result.stderr.split(separator: "127.0.0.1:").dropFirst().first?.prefix { $0.isNumber })
        let summary = try #require(result.stdout.split(separator: "\n").last)
        #expect(summary.hasPrefix("5 passed, 1 failed ("), "\(result.stdout)")
        let golden = result.stdout.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:PORT")
            .replacingOccurrences(of: String(summary), with: "SUMMARY")
        #expect(golden == """
            ── Weather, version 2
               2 › use weather v2
            weather → v2  http://127.0.0.1:PORT/weather/v2
               3 › refresh weather city==Seattle
            City         Seattle
            State        WA
            Temperature  52°F
            Conditions   Rain
               4 ✓ expect status 200
               5 ✗ expect city == Boston

            ── Errors are judged by the next expectation
               8 › refresh weather city==Atlantis
               9 ✓ expect status 404

            SUMMARY

            """)
        #expect(result.stderr.contains("story.apish:5: expected city == Boston, got \"Seattle\""))
        #expect(!result.stdout.contains("\u{1B}"), "no colour on a pipe")
    }

    @Test func withoutTheFlagAPipedScriptPrintsWhatItPrintedBefore() throws {
        let files = try ScriptFiles()
        let path = try files.write("plain.apish", Self.script)
        let result = try Apish.run([path])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("›"))
        #expect(!result.stdout.contains("──"))
        #expect(!result.stdout.contains("passed"))
        #expect(result.stdout.hasPrefix("weather → v2"))
    }

    @Test func jsonOutputIsTheSameWithTheFlag() throws {
        let files = try ScriptFiles()
        let path = try files.write("json.apish", "use weather v1\nexpect version weather == v1\nset x 1\n")
        let plain = try Apish.run(["--json", path])
        let verbose = try Apish.run(["--json", "--verbose-script", path])
        #expect(plain.status == 0 && verbose.status == 0)
        #expect(verbose.jsonLines.count == 3)
        let port = { (text: String) in text.split(separator: "127.0.0.1:").dropFirst().first?.prefix { $0.isNumber } ?? "" }
        #expect(verbose.stdout.replacingOccurrences(of: String(port(verbose.stdout)), with: "PORT")
            == plain.stdout.replacingOccurrences(of: String(port(plain.stdout)), with: "PORT"))
    }

    @Test func commandsGivenWithDashCTellTheirStoryToo() throws {
        let result = try Apish.run(["--verbose-script", "-c", "use weather v1", "-c", "expect version weather == v1"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("   1 › use weather v1\n"))
        #expect(result.stdout.contains("   2 ✓ expect version weather == v1\n"))
        #expect(result.stdout.contains("\n2 passed, 0 failed ("))
    }
}
