import DemoServer
import Foundation
import Testing

/// `record save FILE --format hurl|http`, by the built binary against a demo server on port 0: a session
/// recorded and saved in the other tool's format, imported again and run, makes the same requests with the
/// same assertions as the recording saved as an apish script.
@Suite struct RecordExportEndToEndTests {
    /// A session: two requests to the demo's weather, recorded, then saved as an apish script and as `format`.
    static func record(_ base: String, to files: ScriptFiles, format: String) throws -> Apish.Result {
        try Apish.run([
            "-c", "record start",
            "-c", "get \(base)/weather/v2 city==Boston",
            "-c", "get \(base)/weather/v2/nowhere",
            "-c", "post \(base)/weather/v2 city=Paris",
            "-c", "record save \(files.directory)/session.apish",
            "-c", "record save \(files.directory)/session.\(format) --format \(format)",
        ])
    }

    @Test(arguments: ["hurl", "http"])
    func aRecordingSavedAsAnotherFormatRunsTheSameRequestsWithTheSameAssertions(format: String) throws {
        // GIVEN a recorded session against the demo, saved as a script and as a .hurl or .http file
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let recorded = try Self.record(server.baseURL, to: files, format: format)
        // (the 404 fails its line, so the session's exit is 1)
        #expect(recorded.stdout.contains("saved 3 commands to \(files.directory)/session.\(format)"), "\(recorded.stdout)\(recorded.stderr)")
        let saved = try files.read("session.\(format)")
        let query = format == "hurl" ? "\n[QueryStringParams]\ncity: Boston" : "\n    ?city=Boston"
        #expect(saved.contains("GET \(server.baseURL)/weather/v2" + query) && saved.contains("POST \(server.baseURL)/weather/v2"), "\(saved)")
        // WHEN each is run
        let script = try Apish.run([files.directory + "/session.apish", "--json"])
        let replayed = try Apish.run([files.directory + "/session.\(format)", "--json"])
        // THEN the same requests go out, with the same status checks, passing alike
        let expected = ExportEndToEndTests.report(script)
        #expect(expected.filter { $0.contains(" → ") }.count == 3, "\(expected)")
        let statusChecks = expected.filter { $0.hasPrefix("status") }
        #expect(statusChecks.count == 3, "\(expected)")
        let ours = ExportEndToEndTests.report(replayed)
        #expect(script.status == 0, "\(script.stderr)")
        if format == "hurl" {
            // `expect result KIND` has no hurl equivalent: a # comment, and a warning when saved.
            #expect(ours == expected.filter { !$0.hasPrefix("result") }, "\(saved)")
            #expect(recorded.stderr.contains("warning: not exported: expect result"), "\(recorded.stderr)")
            #expect(replayed.status == 0, "\(replayed.stderr)")
        } else {
            // A .http file has no assertions but in JavaScript: the checks are kept as # expect comments, and
            // the 404, unchecked, fails its line.
            #expect(ours == expected.filter { $0.contains(" → ") }, "\(saved)")
            #expect(saved.contains("# expect status 404"), "\(saved)")
            #expect(replayed.status == 1, "\(replayed.stderr)")
        }
    }
}
