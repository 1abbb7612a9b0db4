import DemoServer
import Foundation
import Testing

/// `export SCRIPT --format hurl|http`, by the built binary: a script exported and imported again runs the
/// same requests with the same assertions against a demo server on port 0.
@Suite struct ExportEndToEndTests {
    static func script(_ base: String, city: String) -> String {
        """
        # weather, twice
        set city Boston
        get \(base)/weather/v2 city==$city
        expect status 200
        let town = city
        expect city == \(city)
        expect currentTemperature exists
        expect currentTemperature > -100
        expect count . >= 3
        expect header Content-Type contains json
        get \(base)/weather/v2 city==$town
        expect state == MA
        expect city == $town
        """
    }

    /// What a run did: each request's URL and status, each expectation (quotes aside: `'Boston'` and
    /// `Boston` read the same) and whether it passed.
    static func report(_ run: Apish.Result) -> [String] {
        run.jsonLines.compactMap { line in
            if let url = line["url"] as? String { return "\(url) → \(line["status"] ?? "-")" }
            guard let data = line["data"] as? [String: Any], let expectation = data["expectation"] as? String else { return nil }
            return "\(expectation.replacingOccurrences(of: "\"", with: "")) \(data["passed"] as? Bool == true ? "passed" : "failed")"
        }
    }

    @Test(arguments: ["Boston", "Paris"])
    func aScriptExportedToHurlAndImportedAgainGivesTheSameReport(city: String) throws {
        // GIVEN a script against the demo's weather v2 (passing with Boston, failing with Paris)
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let script = try files.write("weather.apish", Self.script(server.baseURL, city: city))
        // WHEN it is exported to .hurl and that file is run
        let exported = try Apish.run(["-c", "export \(script) --format hurl -o \(files.directory)/weather.hurl"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let hurl = try files.read("weather.hurl")
        #expect(hurl.contains("[Captures]\ntown: jsonpath \"$.city\"\n[Asserts]\njsonpath \"$.city\" == \"\(city)\""), "\(hurl)")
        #expect(hurl.contains("[Options]\nvariable: city=Boston"), "\(hurl)")
        let original = try Apish.run([script, "--json"])
        let roundTripped = try Apish.run([files.directory + "/weather.hurl", "--json"])
        // THEN the same requests run with the same assertions, and they pass or fail alike
        let expected = Self.report(original)
        #expect(expected.count == 10, "\(expected)")
        #expect(Self.report(roundTripped) == expected)
        #expect(roundTripped.status == original.status)
        #expect(original.status == (city == "Boston" ? 0 : 1))
    }

    @Test func aScriptExportedToHTTPRunsTheSameRequestsWithItsCaptureAsAResponseReference() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let script = try files.write("weather.apish", Self.script(server.baseURL, city: "Boston"))
        let exported = try Apish.run(["-c", "export \(script) --format http -o \(files.directory)/weather.http"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let http = try files.read("weather.http")
        #expect(http.contains("# @name request1\n# expect status 200\n# expect jsonpath \"$.city\" == \"Boston\""), "\(http)")
        #expect(http.contains("?city={{request1.response.body.$.city}}"), "\(http)")
        let original = try Apish.run([script, "--json"])
        let replayed = try Apish.run([files.directory + "/weather.http", "--json"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(Self.report(replayed) == Self.report(original).filter { $0.contains(" → ") })
    }

    @Test func aSecretIsExportedAsAVariableNeverInTheClear() throws {
        let files = try ScriptFiles()
        let script = try files.write("secret.apish", """
        set token ${env.APISH_TOKEN:-redacted}
        auth bearer s3cret-typed-token
        get http://127.0.0.1:9/me "Authorization:Bearer ${token}"
        expect result ok
        """)
        for format in ["hurl", "http"] {
            let run = try Apish.run(["-c", "export \(script) --format \(format)"], environment: ["APISH_TOKEN": "env-held-secret"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Authorization: Bearer {{token}}"), "\(run.stdout)")
            #expect(run.stdout.contains("{{token}} is a secret"), "\(run.stdout)")
            #expect(!run.stdout.contains("s3cret-typed-token") && !run.stdout.contains("env-held-secret"), "\(run.stdout)")
            #expect(run.stdout.contains("# not exported (command auth): auth bearer"), "\(run.stdout)")
            #expect(run.stderr.contains("warning: not exported: command auth, kept as a # comment"), "\(run.stderr)")
            #expect(run.stderr.contains("warning: not exported: expect result"), "\(run.stderr)")
        }
    }
}
