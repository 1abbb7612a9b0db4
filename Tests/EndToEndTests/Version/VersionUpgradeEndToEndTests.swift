import Foundation
import Testing

/// The version commands through the built binary: `diff`, change sets on `locate`, deprecation, `use latest`,
/// `watch` (scripted and under a pty) and the example script.
@Suite struct VersionUpgradeEndToEndTests {
    @Test func diffWeatherV1V2AsTextAndJSON() throws {
        let text = try Apish.run(["-c", "diff weather v1 v2"])
        #expect(text.status == 0)
        #expect(text.stdout == """
            ~ currentTemperature  type string → number  "63" → 63
            + currentConditions   added                 "Sunny"
            2 changes between weather v1 and v2

            """)
        let json = try Apish.run(["--json", "-c", "diff weather v1 v2"])
        let line = try #require(json.jsonLines.first)
        let data = try #require(line["data"] as? [String: Any])
        let changes = try #require(data["changes"] as? [[String: Any]])
        #expect(changes.count == 2)
        #expect(changes[0]["path"] as? String == "currentTemperature")
        #expect(changes[0]["change"] as? String == "type")
        #expect(changes[0]["a"] as? String == "63")
        #expect(changes[0]["b"] as? Int == 63)
        #expect(changes[1]["path"] as? String == "currentConditions")
        #expect(changes[1]["change"] as? String == "added")
        #expect(changes[1]["b"] as? String == "Sunny")
    }

    @Test func diffStockQuoteV1V2AndSchema() throws {
        let result = try Apish.run(["-c", "diff stockQuote v1 v2 symbol==MSFT", "-c", "diff stockQuote --schema"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("~ currentPrice") && $0.contains("type string → number") })
        #expect(lines.contains { $0.hasPrefix("+ openingPrice") && $0.contains("added") })
        #expect(lines.contains { $0.hasPrefix("+ percentageChange") && $0.contains("added") })
        #expect(lines.contains("3 changes between stockQuote v1 and v2"))
        #expect(lines.contains("~ currentPrice      type string → number"))
        #expect(lines.contains("3 schema changes between stockQuote v1 and v2"))
    }

    @Test func arraysAreMatchedByIDSoReorderingIsNoChange() throws {
        // GIVEN two twit-shaped versions: the same timeline in reverse order, with one like more on t01
        let root = try VersionDemoRoot()
        let fixture = try JSONSerialization.jsonObject(with: try root.read("twit-api/twits.json"))
        var twits = try #require((fixture as? [[String: Any]]) ?? ((fixture as? [String: Any])?["data"] as? [[String: Any]]))
        #expect(twits.count == 12)
        func envelope(_ data: [[String: Any]]) throws -> String {
            let body: [String: Any] = ["status": 200, "success": true, "message": "twits", "data": data]
            return String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        }
        try root.write("twit-v1/twit.json", try envelope(twits))
        let index = try #require(twits.firstIndex { $0["_id"] as? String == "t01" })
        let likes = try #require(twits[index]["likeCount"] as? Int)
        twits[index]["likeCount"] = likes + 10
        try root.write("twit-v2/twit.json", try envelope(twits.reversed()))
        try root.write("twits-locator.json", #"{"services":[{"name":"twit","version":1,"url":"twit-v1"},{"name":"twit","version":2,"url":"twit-v2/twit"}]}"#)
        // WHEN the two versions are compared
        let result = try Apish.run(["--locator", root.url("twits-locator.json"), "-c", "diff twit v1 v2"])
        // THEN only the like count is a change
        #expect(result.status == 0)
        #expect(result.stdout == """
            ~ data[_id=t01].likeCount  changed  \(likes) → \(likes + 10)
            1 change between twit v1 and v2

            """)
    }

    @Test func aLiveLocatorEditIsSeenByLocateAsAChangeSet() throws {
        let root = try VersionDemoRoot()
        let shell = try LiveApish(["--locator", root.url("services.json")])
        shell.send("use stockQuote v1")
        shell.send("refresh stockQuote")
        #expect(shell.waitForOutput("Price"))
        // WHEN the served locator changes under the running shell
        try root.write("services.json", """
            {"services":[
             {"name":"weather","version":1,"url":"weather/v1?region=east","deprecated":true,"sunset":"2027-06-30"},
             {"name":"weather","version":2,"url":"weather/v2"},
             {"name":"weather","version":3,"url":"weather/v3"},
             {"name":"stockQuote","version":2,"url":"stock/v2"},
             {"name":"twit","version":1,"url":"twit-api"},
             {"name":"meetup","version":2,"url":"meetup"}
            ]}
            """)
        shell.send("locate")
        shell.send("expect version stockQuote == v2")
        #expect(try shell.finish() == 0)
        // THEN locate lists every kind of change, and says what the vanished version fell back to
        #expect(shell.out.contains("+ weather v3 added (\(root.url("weather/v3")))"))
        #expect(shell.out.contains("- stockQuote v1 removed"))
        #expect(shell.out.contains("~ weather v1 moved \(root.url("weather/v1")) → \(root.url("weather/v1?region=east"))"))
        #expect(shell.out.contains("! weather v1 deprecated (sunset 2027-06-30)"))
        #expect(shell.err.contains("warning: stockQuote v1 (in use) vanished from the locator; now using v2"))
    }

    @Test func deprecationFromTheLocatorAndFromResponseHeaders() throws {
        // the locator: services-next.json deprecates weather v1
        let listed = try Apish.run(["-c", "locate services-next.json", "-c", "use weather v1", "-c", "refresh"])
        #expect(listed.status == 0)
        #expect(listed.stderr.components(separatedBy: "warning: weather v1 is deprecated; sunset 2027-06-30; latest is v3").count == 3)
        // the headers: an entry pointing at the fault route that sends Deprecation and Sunset
        let root = try VersionDemoRoot()
        try root.write("deprecated.json", #"{"services":[{"name":"weather","version":2,"url":"faults/deprecated"}]}"#)
        let locator = root.url("deprecated.json")
        let text = try Apish.run(["--locator", locator, "-c", "refresh weather", "-c", "services", "-c", "use weather v2"])
        #expect(text.status == 0)
        let warning = "warning: server says weather v2 is deprecated since 2026-12-31; sunset 2027-06-30"
        #expect(text.stderr.components(separatedBy: warning).count == 3)
        #expect(text.stdout.contains("server: deprecated since 2026-12-31, sunset 2027-06-30"))
        let json = try Apish.run(["--json", "--locator", locator, "-c", "refresh weather"])
        let warnings = try #require(json.jsonLines.first?["warnings"] as? [String])
        #expect(warnings == ["server says weather v2 is deprecated since 2026-12-31; sunset 2027-06-30"])
        let services = try Apish.run(["--json", "--locator", locator, "-c", "refresh weather", "-c", "services"])
        let data = try #require(services.jsonLines.last?["data"] as? [[String: Any]])
        let version = try #require((data.first?["versions"] as? [[String: Any]])?.first)
        #expect(version["deprecated"] as? Bool == true)
        #expect(version["serverDeprecation"] as? String == "deprecated since 2026-12-31, sunset 2027-06-30")
    }

    @Test func useLatestMovesAfterALocateAndServicesMarksIt() throws {
        let result = try Apish.run([
            "-c", "use weather latest", "-c", "expect version weather == v2",
            "-c", "locate services-next.json", "-c", "expect version weather == v3", "-c", "services",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("weather latest moved v2 → v3"))
        let row = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("*") && $0.contains("weather") })
        #expect(row.contains(" v3 "))
        #expect(row.contains("latest (followed)"))
    }

    @Test func driftNamesThePreviousVersionToDiffAgainst() throws {
        let root = try VersionDemoRoot()
        try root.write("weather/v2.json", String(decoding: try root.read("weather/v1.json"), as: UTF8.self))
        let result = try Apish.run(["--locator", root.url("services.json"), "-c", "refresh weather"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"weather v2: decode error: currentTemperature: expected number, found string "63""#))
        #expect(result.stderr.contains("try: diff weather v1 v2"))
    }

    @Test func watchInAScriptPrintsWhatChangedInAFixture() throws {
        let root = try VersionDemoRoot()
        try root.write("sensor.json", #"{"reading":{"celsius":20,"unit":"C"}}"#)
        try root.write("sensors.json", #"{"services":[{"name":"sensor","version":1,"url":"sensor.json"}]}"#)
        let watch = try LiveApish(["--locator", root.url("sensors.json"), "-c", "watch sensor every=0.3 count=10"])
        #expect(watch.waitForOutput("sensor v1 · JSON"))
        try root.write("sensor.json", #"{"reading":{"celsius":21,"unit":"C"}}"#)
        #expect(try watch.finish() == 0)
        #expect(watch.out.contains("  ~ reading.celsius  changed  20 → 21"))
        #expect(watch.out.components(separatedBy: "1 change\n").count == 2)
        #expect(watch.out.hasSuffix("done: 10 refreshes of sensor v1, 1 with changes\n"))
        // without count= a script is refused: it would never end
        let refused = try Apish.run(["--locator", root.url("sensors.json"), "-c", "watch sensor"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("watch runs until Ctrl-C, which a script cannot send; give count=N"))
    }

    @Test func ctrlCStopsWatchAndReturnsToThePrompt() throws {
        let state = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let driver = state + "/watch.py"
        try """
            import os, signal, sys, pexpect
            # The test runner's threads block SIGINT and a blocked mask survives fork and exec: unblock it
            # so apish gets Ctrl-C as it would from a login shell.
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
            env = dict(os.environ, XDG_STATE_HOME=sys.argv[2], HOME=sys.argv[2], TERM="xterm", NO_COLOR="1")
            env.pop("APISH_LOCATOR", None)
            child = pexpect.spawn(sys.argv[1], [], env=env, encoding="utf-8", timeout=20, dimensions=(40, 120))
            child.expect("apish> ")
            child.sendline("watch weather every=0.2")
            child.expect("weather v2 · WeatherV2")
            child.expect("Temperature")
            child.sendintr()
            child.expect("stopped: ")
            child.expect("apish weather v2> ")
            child.sendline("quit")
            child.expect(pexpect.EOF)
            child.close()
            print("exit", child.exitstatus)
            """.write(toFile: driver, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", driver, Apish.binary, state]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("exit 0"))
    }

    @Test func theVersionUpgradeExampleRunsClean() throws {
        let script = ScriptFiles.repositoryRoot + "/examples/version-upgrade.apish"
        let result = try Apish.run([script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 changes between weather v1 and v2"))
        #expect(result.stdout.contains("! weather v1 deprecated (sunset 2027-06-30)"))
        #expect(result.stdout.contains("2 changes between weather v2 and v3"))
    }
}
