import Foundation
import Testing

/// Edge cases a user meets: huge lines, recalled masked secrets, paging hints, decode failures, reports.
@Suite struct ShellEdgeCaseTests {
    @Test func aHugeStdinLineIsOneFailureAndLineNumbersStayRight() throws {
        let huge = "set x " + String(repeating: "a", count: 1 << 20) + "services"
        let result = try Apish.run([], stdin: huge + "\nbogus\nuse weather v1\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("<stdin>:1: line longer than 1 MiB; skipped"), "stderr: \(result.stderr.prefix(500))")
        #expect(result.stderr.contains("<stdin>:2: unknown command 'bogus'"))
        #expect(!result.stdout.contains("SERVICE"), "nothing of the long line ran")
        #expect(result.stdout.contains("weather → v1"))
    }

    @Test func aMaskedSecretIsNeverUsedAsOne() throws {
        let result = try Apish.run(["-c", "auth bearer ••• twit", "-c", "auth show"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("masked secret"))
        #expect(result.stdout.contains("no credentials"))
    }

    @Test func pagingSaysWhetherThereIsMore() throws {
        let more = try Apish.run(["-c", "auth key key=k meetup", "-c", "groups near page=5", "-c", "groups next"])
        #expect(more.status == 0, "stderr: \(more.stderr)")
        #expect(more.stdout.components(separatedBy: "more: groups next").count - 1 == 2)
        let last = try Apish.run(["-c", "auth key key=k meetup", "-c", "groups near 35.6892 51.389 radius=2 page=200"])
        #expect(last.status == 0, "stderr: \(last.stderr)")
        #expect(last.stdout.contains("(last page)"))
        #expect(!last.stdout.contains("more: groups next"))
    }

    @Test func quitTakesNoArgumentsAndHeaderDeleteNamesWhatIsMissing() throws {
        let quit = try Apish.run(["-c", "quit 3", "-c", "use weather v1"])
        #expect(quit.status == 1)
        #expect(quit.stderr.contains("usage: quit"))
        #expect(quit.stdout.contains("weather → v1"), "a bad quit does not quit")
        let header = try Apish.run(["-c", "header -d X-Nothing"])
        #expect(header.status == 1)
        #expect(header.stderr.contains("no header X-Nothing is set"))
    }

    @Test func showRawShowsTheBodyThatDidNotDecode() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let locator = directory + "/drift.json"
        try #"{"services":[{"name":"weather","version":2,"url":"\#(server.baseURL)/weather/v1"}]}"#
            .write(toFile: locator, atomically: true, encoding: .utf8)
        let result = try Apish.run(["--locator", locator, "-c", "refresh weather", "-c", "show weather", "-c", "show weather --raw"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("currentTemperature: expected number, found string \"63\""))
        #expect(result.stderr.contains("show weather --raw shows its body"))
        #expect(result.stdout.contains("last fetch did not decode"))
        #expect(result.stdout.contains("\"currentTemperature\": \"63\""))
    }

    @Test func anUnwritableReportIsAUsageErrorBeforeAnythingRuns() throws {
        let result = try Apish.run(["--report", "junit", "/nonexistent-dir/r.xml", "-c", "services"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write report /nonexistent-dir/r.xml"))
        #expect(!result.stdout.contains("SERVICE"))
    }

    @Test func sourceNestingHasADepthLimit() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for level in 0..<20 {
            try "source level\(level + 1).apish\n".write(toFile: directory + "/level\(level).apish", atomically: true, encoding: .utf8)
        }
        try "services\n".write(toFile: directory + "/level20.apish", atomically: true, encoding: .utf8)
        let result = try Apish.run([directory + "/level0.apish"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("source nested more than 16 deep"))
        #expect(!result.stdout.contains("SERVICE"))
    }

    @Test func crlfScriptsAndAByteOrderMarkRunLineByLine() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/windows.apish"
        try "\u{FEFF}use weather v1\r\nrefresh\r\nexpect status 999\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Apish.run([path])
        #expect(result.status == 1, "the failing expectation on line 3 ran")
        #expect(result.stderr.contains("windows.apish:3: expected status 999"), "stderr: \(result.stderr)")
        #expect(result.stdout.contains("weather → v1"))
    }

    @Test func aHugeLastLineWithoutNewlineRunsNothing() throws {
        let result = try Apish.run([], stdin: "set x " + String(repeating: "a", count: 2 << 20) + " ; services")
        #expect(result.status == 1)
        #expect(result.stderr.contains("<stdin>:1: line longer than 1 MiB; skipped"))
        #expect(!result.stderr.contains("<stdin>:2"))
        #expect(!result.stdout.contains("SERVICE"))
    }

    @Test func serviceURLsWithAQueryKeepItAfterThePath() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let locator = directory + "/query.json"
        try #"{"services":[{"name":"twit","version":1,"url":"\#(server.baseURL)/twit-api?api-version=1"}]}"#
            .write(toFile: locator, atomically: true, encoding: .utf8)
        let result = try Apish.run(["--locator", locator, "-c", "twits", "-c", "curl", "-c", "get 'twit/user name'", "-c", "curl"])
        #expect(result.stdout.contains("/twit-api/twit?api-version=1"), "stdout: \(result.stdout)")
        #expect(result.stdout.contains("/twit-api/user%20name?api-version=1"), "stdout: \(result.stdout)")
        #expect(!result.stderr.contains("invalid URL"))
    }

    @Test(arguments: ["services x", "vars x", "help use x", "timing on off", "auth show x", "history 5 6", "curl x"])
    func extraArgumentsAreUsageErrors(_ command: String) throws {
        let result = try Apish.run(["-c", command])
        #expect(result.status == 1)
        #expect(result.stderr.contains("usage:"), "stderr: \(result.stderr)")
    }

    @Test func variableNamesAreASCIISoTheyCanBeExpanded() throws {
        let result = try Apish.run(["-c", "set 한국 서울"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a variable name"))
    }

    @Test func jsonModeReportsStartupFailuresOnStdout() throws {
        let result = try Apish.run(["--json", "--locator", "/nonexistent/services.json", "-c", "services"])
        #expect(result.status == 1)
        let objects = result.jsonLines
        #expect(objects.count == 1)
        #expect(objects.first?["ok"] as? Bool == false)
        #expect((objects.first?["error"] as? String)?.contains("cannot load locator") == true)
        let usage = try Apish.run(["--json", "--bogus"])
        #expect(usage.status == 2)
        #expect(usage.jsonLines.first?["ok"] as? Bool == false)
    }
}
