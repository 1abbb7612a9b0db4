import Foundation
import Testing

/// The built binary on the embedded demo: piped sessions, `-c`, `--json`, errors with state kept.
@Suite struct ShellEndToEndTests {
    @Test func aSessionPipedOnStdinRendersModelsAndExitsZero() throws {
        let result = try Apish.run([], stdin: """
        use weather v1
        refresh
        use weather v2
        refresh weather city==Boston
        use stockQuote v2
        refresh stockQuote symbol==MSFT
        """)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Temperature  63°F"))
        #expect(result.stdout.contains("City         Boston"))
        #expect(result.stdout.contains("Conditions   Cloudy"))
        #expect(result.stdout.contains("Current Price   $"))
        #expect(result.stdout.contains("Percent Change  "))
        #expect(result.stderr.contains("embedded demo API at http://127.0.0.1:"))
    }

    @Test func dashCCommandsRunInOrderAndAFailureExitsOne() throws {
        let ok = try Apish.run(["-c", "use weather v1", "-c", "refresh", "-c", "show"])
        #expect(ok.status == 0)
        #expect(ok.stdout.components(separatedBy: "Temperature  63°F").count == 3)

        let failed = try Apish.run(["-c", "refresh weather city==Atlantis", "-c", "services"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("-c:1: weather v2: request error: HTTP 404 Not Found: unknown city 'Atlantis'"))
        #expect(failed.stdout.contains("SERVICE"), "the run goes on after a failure")
    }

    @Test func jsonModePrintsOneObjectPerCommand() throws {
        let result = try Apish.run(["--json"], stdin: """
        services
        use weather v1
        refresh
        refresh weather city==Atlantis
        refesh
        """)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        let objects = result.jsonLines
        #expect(objects.count == 5)
        #expect(objects.map { $0["command"] as? String } == ["services", "use weather v1", "refresh", "refresh weather city==Atlantis", "refesh"])
        #expect(objects.map { $0["ok"] as? Bool } == [true, true, true, false, false])
        let refresh = objects[2]
        #expect(refresh["service"] as? String == "weather")
        #expect(refresh["version"] as? String == "v1")
        #expect(refresh["status"] as? Int == 200)
        #expect(refresh["result"] as? String == "success")
        #expect((refresh["data"] as? [String: Any])?["currentTemperature"] as? String == "63")
        #expect((refresh["timing"] as? [String: Any])?["total"] is Double)
        #expect((refresh["url"] as? String)?.hasSuffix("/weather/v1") == true)
        #expect(objects[3]["result"] as? String == "requestError")
        #expect((objects[3]["error"] as? String)?.contains("unknown city") == true)
        #expect((objects[4]["error"] as? String)?.contains("did you mean refresh") == true)
    }

    @Test func aFailedRefreshKeepsThePreviousModel() throws {
        let result = try Apish.run([], stdin: """
        use weather v2
        refresh weather city==Seattle
        refresh weather city==Atlantis
        show
        """)
        #expect(result.status == 1)
        #expect(result.stdout.components(separatedBy: "City         Seattle").count == 3, "\(result.stdout)")
        #expect(result.stderr.contains("<stdin>:3:"))
    }

    @Test(arguments: [
        ("use weather v9", "weather has no version v9; available: v1, v2"),
        ("use wether v1", "unknown service 'wether'; did you mean weather?"),
        ("refesh", "unknown command 'refesh'; did you mean refresh?"),
        ("like", "usage: like ID"),
        ("get", "usage: get TARGET [ITEM…] [--form] [--stream]"),
        ("post weather =x", "bad item '=x'"),
        ("refresh weather 'city==Boston", "unterminated single quote"),
        ("set city", "usage: set NAME VALUE"),
        ("refresh weather city==$nowhere", "unknown variable $nowhere"),
        ("groups near 91 0", "latitude must be within ±90"),
        ("show twit", "nothing fetched yet for twit"),
        ("like t01", "missing bearer token"),
        ("locate /nonexistent/services.json", "cannot load locator /nonexistent/services.json: no such file"),
        ("source /tmp", "cannot read script /tmp: is a directory"),
        ("''", "empty command name"),
    ])
    func everyErrorIsOneClearLine(_ command: String, _ message: String) throws {
        let result = try Apish.run(["-c", command, "-c", "use weather v1"])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("apish: embedded") }
        #expect(errors.count == 1, "stderr: \(result.stderr)")
        #expect(errors.first?.contains(message) == true, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("weather → v1"), "the shell goes on")
    }

    @Test func quotingDecidesStringOrNumberEvenBetweenSemicolons() throws {
        let passing = try Apish.run(["-c", #"use weather v1; refresh; expect currentTemperature == "63"; expect count . == 3"#])
        #expect(passing.status == 0, "stderr: \(passing.stderr)")
        let failing = try Apish.run(["-c", "use weather v1; refresh; expect currentTemperature == 63"])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("a string, not a number"), "stderr: \(failing.stderr)")
    }

    @Test func noColourAndNoCuttingWhenNotATerminal() throws {
        let result = try Apish.run(["-c", "services", "-c", "refresh weather", "-c", "twits"])
        #expect(!result.stdout.contains("\u{1B}["))
        #expect(!result.stderr.contains("\u{1B}["))
        #expect(result.stdout.contains("/weather/v1\n"))
        #expect(result.stdout.contains("Finally shipped the table view that talks to the real API. Postman first, then code!"))
        #expect(!result.stdout.contains("…"))
    }

    @Test func usageErrorsExitTwo() throws {
        let result = try Apish.run(["--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option --bogus"))
        let missing = try Apish.run(["/nonexistent/script.apish"])
        #expect(missing.status == 2)
    }

    @Test func secretsNeverReachOutput() throws {
        let result = try Apish.run(["--json"], stdin: """
        auth bearer tok-SECRET-123 twit
        like t03
        curl
        auth key key=KEY-SECRET-456 meetup
        groups near page=2
        verbose on
        like t03
        header Authorization 'Bearer hdr-SECRET-789'
        get twit/user
        header
        """)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!result.stdout.contains("tok-SECRET-123"))
        #expect(!result.stdout.contains("KEY-SECRET-456"))
        #expect(!result.stderr.contains("SECRET"))
        // A typed header's whole value is a secret apish holds
        #expect(result.stdout.contains(#""Authorization":"•••""#), "\(result.stdout)")
    }

    @Test func rawRequestsSendFormJSONQueryAndHeaders() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let result = try Apish.run(["--json", "--locator", server.baseURL + "/services.json",
                                    "-c", "post \(server.baseURL)/echo name=eye home=http://theeye.pe.kr X-Trace:abc q==1",
                                    "-c", "put \(server.baseURL)/echo tags:='[\"a\",\"b\"]' name=eye"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let objects = result.jsonLines
        let form = try #require(objects.first?["data"] as? [String: Any])
        #expect(form["body"] as? String == "name=eye&home=http%3A%2F%2Ftheeye.pe.kr")
        #expect((form["query"] as? [String: Any])?["q"] as? String == "1")
        #expect((form["headers"] as? [String: Any])?["x-trace"] as? String == "abc")
        let json = try #require(objects.last?["data"] as? [String: Any])
        #expect((json["json"] as? [String: Any])?["tags"] as? [String] == ["a", "b"])
        #expect(json["method"] as? String == "PUT")
    }
}
