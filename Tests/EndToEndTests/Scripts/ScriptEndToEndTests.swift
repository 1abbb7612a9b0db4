import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Scripts run by the built binary: exit codes, `FILE:LINE` messages, `--fail-fast`, `source`,
/// captures, reports, `--each-version`, recordings that replay, and the CI example.
@Suite struct ScriptEndToEndTests {
    @Test func aPassingScriptExitsZero() throws {
        let files = try ScriptFiles()
        let script = try files.write("ok.apish", """
        # comments and blank lines are skipped

        use weather v2
        refresh weather city==Seattle
        expect status 200
        expect city == Seattle
        """)
        let result = try Apish.run([script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Seattle"))
    }

    @Test func aFailingExpectationExitsOneWithFileLineAndExpectedActual() throws {
        let files = try ScriptFiles()
        let script = try files.write("fail.apish", "refresh weather city==Boston\n\nexpect currentTemperature == 50\nservices\n")
        let result = try Apish.run([script])
        #expect(result.status == 1)
        #expect(result.stderr.contains("fail.apish:3: expected currentTemperature == 50, got 48"))
    }

    @Test func commandsGivenWithDashCAreLinesOfTheFileDashC() throws {
        let result = try Apish.run(["-c", "refresh weather", "-c", "expect result decodeError"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("-c:2: expected result decodeError, got success"))
    }

    @Test func anUnreadableScriptIsAUsageError() throws {
        let result = try Apish.run(["/nonexistent/x.apish"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("apish: cannot read script /nonexistent/x.apish: no such file"))
    }

    @Test func failFastStopsAtTheFirstFailure() throws {
        let files = try ScriptFiles()
        let script = try files.write("ff.apish", "expect status 200\nrefresh weather\nset reached yes\n")
        let slow = try Apish.run(["--json", script])
        #expect(slow.status == 1)
        #expect(slow.jsonLines.count == 3)
        let fast = try Apish.run(["--json", "--fail-fast", script])
        #expect(fast.status == 1)
        #expect(fast.jsonLines.count == 1)
        #expect(!fast.stdout.contains("refresh weather"))
        #expect(fast.stderr.contains("ff.apish:1: expected status 200, but no request has been made yet"))
    }

    @Test func sourcedFilesReportTheirOwnLines() throws {
        let files = try ScriptFiles()
        try files.write("lib.apish", "refresh weather city==Austin\nexpect currentConditions == Rain\n")
        let main = try files.write("main.apish", "use weather v2\nsource lib.apish\nexpect city == Austin\n")
        let result = try Apish.run([main], directory: "/")
        #expect(result.status == 1)
        #expect(result.stderr.contains("lib.apish:2: expected currentConditions == Rain, got \"Sunny\""))
        #expect(result.stderr.contains("main.apish:2: source "))
        #expect(!result.stderr.contains("main.apish:3"))
    }

    @Test func aSourceCycleIsRefused() throws {
        let files = try ScriptFiles()
        try files.write("a.apish", "source b.apish\n")
        try files.write("b.apish", "source a.apish\n")
        let result = try Apish.run([files.directory + "/a.apish"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("b.apish:1: source cycle: "))
    }

    @Test func capturesFeedLikeAndTheCountChanges() throws {
        let result = try Apish.run(["--json"], stdin: """
        twits
        let id = data[0]._id
        let before = data[0].likeCount
        auth bearer e2e-token
        like $id
        expect data._id == $id
        twits
        expect data[_id=$id].likeCount > $before
        """)
        #expect(result.status == 0, "\(result.stderr)")
        let likes = result.jsonLines.filter { ($0["command"] as? String) == "like $id" }
        let data = likes.first?["data"] as? [String: Any]
        let liked = data?["data"] as? [String: Any]
        #expect(liked?["_id"] as? String == "t01")
        #expect(liked?["likeCount"] as? Int == 4)
    }

    @Test func reportsAndRecordingsWriteThroughDevicesAndFailAsOneLine() throws {
        let files = try ScriptFiles()
        let script = try files.write("d.apish", "set x 1\nrecord start\nset y 2\nrecord save /dev/null\n")
        // GIVEN a report and a recording to /dev/null WHEN run THEN both are written through, no --force asked
        let result = try Apish.run(["--report", "junit", "/dev/null", script])
        #expect(result.status == 0, "\(result.stderr)")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        // AND a device that refuses the bytes is one clear line, not a Foundation error dump
        let full = try Apish.run(["--report", "tap", "/dev/full", script])
        #expect(full.status == 2)
        #expect(full.stderr.contains("apish: cannot write report /dev/full: no space left on device\n"), "\(full.stderr)")
        #expect(!full.stderr.contains("Error("))
    }

    @Test func htmlReportsAndMigratedScriptsFollowASymlinkAndKeepIt() throws {
        // GIVEN symlinks to regular files, and the demo's upgrade client
        let files = try ScriptFiles()
        let report = try files.write("real.html", "old\n"), migrated = try files.write("real.apish", "old\n")
        let reportLink = files.directory + "/report-link.html", scriptLink = files.directory + "/script-link.apish"
        try FileManager.default.createSymbolicLink(atPath: reportLink, withDestinationPath: report)
        try FileManager.default.createSymbolicLink(atPath: scriptLink, withDestinationPath: migrated)
        let client = ScriptFiles.repositoryRoot + "/examples/upgrade-impact.apish"
        // WHEN `impact` writes its HTML report and its migrated script to the links
        let result = try Apish.run([
            "-c", "locate services-openapi.json",
            "-c", "impact \(client) petstore v1 v3 --report html \(reportLink) --fix \(scriptLink)",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        // THEN the links are still links, and the files they name hold what was written
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: reportLink)) == report)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: scriptLink)) == migrated)
        #expect(try files.read("real.html").contains("<html"), "\(result.stderr)")
        #expect(try files.read("real.apish").contains("use petstore v3"))
        // AND a report to /dev/null is written through, the device left as it is
        _ = try Apish.run(["-c", "locate services-openapi.json", "-c", "impact \(client) petstore v1 v3 --report html /dev/null"])
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func reportsParseAsJUnitXMLAndTAP() throws {
        let files = try ScriptFiles()
        let script = try files.write("r.apish", """
        refresh weather city==Denver
        expect currentConditions == "Partly Cloudy"
        expect currentTemperature > 60
        refresh weather city==Nowhere
        expect status 404
        expect city == Denver
        """)
        let junit = files.directory + "/r.xml", tap = files.directory + "/r.tap"
        let result = try Apish.run(["--report", "junit", junit, "--report", "tap", tap, script])
        #expect(result.status == 1)

        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: junit)))
        let counter = JUnitCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.testcases == 6)
        #expect(counter.failures == 2)
        #expect(counter.suiteAttributes["tests"] == "6")
        #expect(counter.suiteAttributes["failures"] == "2")
        #expect(counter.caseNames.first == "1: refresh weather city==Denver")

        let summary = TAPSummary(try files.read("r.tap"))
        #expect(summary.plan == summary.passed + summary.failed)
        #expect(summary.plan == 6)
        #expect(summary.failed == 2)
        #expect(summary.descriptions.last?.hasSuffix("r.apish:6 expect city == Denver") == true)
    }

    @Test func eachVersionPrintsAMatrix() throws {
        let files = try ScriptFiles()
        let script = try files.write("v.apish", "refresh weather\nexpect currentConditions exists\n")
        let text = try Apish.run(["--each-version", "weather", script])
        #expect(text.status == 1)
        let rows = text.stdout.split(separator: "\n").map(String.init)
        let header = try #require(rows.firstIndex { $0.hasPrefix("version") && $0.contains("first failure") })
        #expect(rows[header + 1].hasPrefix("v1"))
        #expect(rows[header + 1].contains("v.apish:2: expected currentConditions to exist"))
        #expect(rows[header + 2].hasPrefix("v2"))
        #expect(rows[header + 2].contains("ok"))
        #expect(text.stdout.contains("── weather v1 ──"))

        let json = try Apish.run(["--json", "--each-version", "weather", script])
        #expect(json.status == 1)
        #expect(json.jsonLines.count == 1)
        let matrix = try #require(json.jsonLines.first?["matrix"] as? [[String: Any]])
        #expect(matrix.map { $0["version"] as? String } == ["v1", "v2"])
        #expect(matrix.map { $0["ok"] as? Bool } == [false, true])
    }

    @Test func aRecordedSessionReplaysGreen() throws {
        let files = try ScriptFiles()
        let recording = files.directory + "/rec.apish"
        let session = try Apish.run([], stdin: """
        record start
        use weather v1
        refresh weather city==Boston
        refresh weather city==Nowhere
        refesh
        twits
        let id = data[1]._id
        auth bearer very-secret-token twit
        set hdr "Bearer header-secret-value"
        get twit/user "Authorization:$hdr"
        like $id
        expect data.isLike == false
        record save \(recording)
        """)
        #expect(session.stderr.contains("unknown command 'refesh'"))
        let script = try files.read("rec.apish")
        #expect(!script.contains("very-secret-token"))
        #expect(!script.contains("header-secret-value"))
        #expect(!script.contains("refesh"))
        #expect(script.contains("refresh weather city==Nowhere\nexpect status 404\nexpect result requestError\n"))
        #expect(script.contains("auth bearer ${env.APISH_BEARER:-redacted} twit"))

        let replay = try Apish.run([recording], environment: ["APISH_BEARER": "another-token"])
        #expect(replay.status == 0, "\(replay.stderr)")
        // Right away, with nothing set: the stand-in token is accepted by the demo API.
        let again = try Apish.run([recording])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func theCIExampleScriptPasses() throws {
        let result = try Apish.run(["examples/ci-check.apish"], directory: ScriptFiles.repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let tour = try Apish.run(["examples/tour.apish"], directory: ScriptFiles.repositoryRoot)
        #expect(tour.status == 0, "\(tour.stderr)")
    }
}

/// Counts `<testcase>` and `<failure>` elements of a JUnit report.
final class JUnitCounter: NSObject, XMLParserDelegate {
    var testcases = 0
    var failures = 0
    var caseNames: [String] = []
    var suiteAttributes: [String: String] = [:]

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch elementName {
        case "testsuite": suiteAttributes = attributes
        case "testcase":
            testcases += 1
            caseNames.append(attributes["name"] ?? "")
        case "failure": failures += 1
        default: break
        }
    }
}
