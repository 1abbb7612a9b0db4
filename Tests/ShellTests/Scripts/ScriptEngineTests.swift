import DemoServer
import Facade
import Foundation
import Testing
@testable import Shell
import JSON
@testable import ScriptLanguage
@testable import Scripts
@testable import ShellCommandLine

/// Scripts run by the engine against a demo server on port 0: failed requests judged by the next
/// `expect`, captures, sourcing and the runner's exit status.
@Suite struct ScriptEngineTests {
    let shell: DemoShell
    var server: DemoServer { shell.server }
    var session: Session { shell.session }
    var output: BufferedOutput { shell.output }
    var engine: ShellEngine { shell.engine }

    init() throws {
        shell = try DemoShell()
    }

    private func run(_ script: String, file: String = "t.apish") -> Bool {
        engine.run(LineListSource(text: script), file: file)
    }

    @Test func aFailedRequestJudgedByTheNextExpectationIsNotAFailure() {
        let ok = run("refresh weather city==Atlantis\nexpect status 404\nexpect result requestError\n")
        #expect(ok)
        #expect(engine.failures.isEmpty)
        #expect(engine.cases.count == 3)
        #expect(output.errors.isEmpty)
    }

    @Test func failuresAreCountedButOnlyTheFirstKeptWithoutAReport() {
        // GIVEN a run that keeps no cases (no report asked for) and 500 failing expectations
        engine.keepsCases = false
        let ok = run(String(repeating: "expect 1 == 2\n", count: 500))
        // THEN every one counts, but only the first few are held
        #expect(!ok)
        #expect(engine.failureCount == 500)
        #expect(engine.failures.count == ShellEngine.unreportedFailureLimit)
        #expect(engine.failures.first?.description.hasPrefix("t.apish:1: ") == true)
        #expect(engine.cases.isEmpty)
    }

    @Test func aReportKeepsFailuresUpToItsCap() {
        let ok = run(String(repeating: "expect 1 == 2\n", count: 40))
        #expect(!ok)
        #expect(engine.failures.count == 40 && engine.failureCount == 40)
    }

    @Test func aFailedRequestNotJudgedCountsAtItsOwnLine() {
        let ok = run("refresh weather city==Atlantis\nservices\n")
        #expect(!ok)
        #expect(engine.failures.map(\.description) == ["t.apish:1: weather v2: request error: HTTP 404 Not Found: unknown city 'Atlantis'"])
        #expect(output.errors.contains("t.apish:1: weather v2: request error"))
        #expect(engine.cases.map { $0.failure != nil } == [true, false])
    }

    @Test func aFailedRequestAtTheEndOfAScriptCounts() {
        #expect(!run("services\nrefresh weather city==Atlantis\n"))
        #expect(engine.failures.first?.location == SourceLocation(file: "t.apish", line: 2))
    }

    @Test func failFastStopsBeforeTheLineAfterAFailedRequest() {
        session.options.failFast = true
        #expect(!run("refresh weather city==Atlantis\nset after 1\n"))
        #expect(session.variables["after"] == nil)
    }

    @Test func letCapturesFromTheLastBody() {
        #expect(run("twits\nlet id = data[1]._id\nlet writer = data[1].writer\nlet n = data[_id=t02].likeCount\n"))
        #expect(session.variables["id"] == "t02")
        #expect(session.variables["writer"] == #"{"_id":"u03","name":"Seojun","profileImage":"https://img.example/u03.png"}"#)
        #expect(session.variables["n"] == "12")
    }

    @Test func letReadsItsNameAndPathGluedOrSpaced() {
        // GIVEN the twits listed, WHEN let is written as one word, spaced, and glued before a header's name
        #expect(run("twits\nlet id=data[1]._id\nlet n = data[_id=t02].likeCount\nlet m=data[_id=t02].likeCount\n"
            + "let type=header content-type\nlet kind = header Content-Type\n"))
        // THEN each form reads the same name and path
        #expect(session.variables["id"] == "t02")
        #expect(session.variables["n"] == "12")
        #expect(session.variables["m"] == "12")
        #expect(session.variables["type"]?.contains("json") == true)
        #expect(session.variables["kind"] == session.variables["type"])
    }

    @Test func letWithoutAPathSaysItsUsage() {
        #expect(!run("twits\nlet id =\n"))
        #expect(engine.failures.first?.message == "usage: let NAME = PATH | let NAME=PATH [PATH…]")
    }

    @Test func letNamesWhatExistsWhenThePathIsMissing() {
        #expect(!run("refresh weather\nlet t = currentTemp\n"))
        #expect(engine.failures.first?.message
            == "let: no currentTemp in the last response: the body has no currentTemp; it has city, state, currentTemperature, currentConditions")
    }

    @Test func sourceResolvesNextToTheScriptAndReportsItsOwnLines() throws {
        let directory = NSTemporaryDirectory() + "apish-source-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/lib", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "refresh weather\nexpect currentTemperature == 1\n".write(toFile: directory + "/lib/checks.apish", atomically: true, encoding: .utf8)
        try "source lib/checks.apish\n".write(toFile: directory + "/main.apish", atomically: true, encoding: .utf8)
        #expect(try engine.runFile(directory + "/main.apish") == false)
        let messages = engine.failures.map(\.description)
        // Counted once, where it happened; the `source` line reports a summary but is not a second failure.
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("lib/checks.apish:2: expected currentTemperature == 1, got 63") == true)
        #expect(engine.cases.filter { $0.failure != nil }.count == 1)
        #expect(engine.cases.contains { $0.name == "source lib/checks.apish" && $0.failure == nil })
    }

    @Test func runnerExitsOneOnAFailureAndWritesBothReports() throws {
        let directory = NSTemporaryDirectory() + "apish-reports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var arguments = ShellArguments()
        arguments.commands = ["refresh weather", "expect status 500"]
        arguments.reports = [.init(format: .junit, path: directory + "/r.xml"), .init(format: .tap, path: directory + "/r.tap")]
        let status = ScriptRunner(engine: engine, arguments: arguments).run(stdin: { LineListSource([]) })
        #expect(status == 1)
        let tap = try String(contentsOfFile: directory + "/r.tap", encoding: .utf8)
        #expect(tap.contains("not ok 2 - -c:2 expect status 500"))
        #expect(FileManager.default.fileExists(atPath: directory + "/r.xml"))
    }

    @Test func eachVersionPrintsOneJSONMatrix() throws {
        session.options.json = true
        var arguments = ShellArguments()
        arguments.commands = ["refresh weather", "expect currentConditions exists"]
        arguments.eachVersion = "WEATHER"
        let status = ScriptRunner(engine: engine, arguments: arguments).run(stdin: { LineListSource([]) })
        #expect(status == 1)
        let matrix = try JSONValue.parse(output.output)
        #expect(matrix["service"] == "weather")
        #expect(matrix["ok"] == false)
        #expect(matrix["matrix"]?[0]?["version"] == "v1")
        #expect(matrix["matrix"]?[0]?["failures"] == 1)
        #expect(matrix["matrix"]?[0]?["firstFailure"]?.stringValue?.hasPrefix("-c:2: expected currentConditions to exist") == true)
        #expect(matrix["matrix"]?[1]?["ok"] == true)
        #expect(output.errors.contains("-c:2: expected currentConditions to exist"))
    }
}
