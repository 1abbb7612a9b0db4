import Testing
@testable import Shell

@Suite struct ShellArgumentsTests {
    @Test func repeatedCommandsAndFlags() throws {
        let parsed = try ShellArguments.parse(["-c", "services", "-c", "use weather v2", "--json", "--no-color", "--timeout", "0.5", "--insecure"])
        #expect(parsed.commands == ["services", "use weather v2"])
        #expect(parsed.json && parsed.noColor && parsed.insecure)
        #expect(parsed.timeout == 0.5)
    }

    @Test func scriptAsPositionalOrFlag() throws {
        #expect(try ShellArguments.parse(["check.apish"]).script == "check.apish")
        #expect(try ShellArguments.parse(["-f", "check.apish", "--fail-fast"]).script == "check.apish")
    }

    @Test func reportsAndEachVersion() throws {
        let parsed = try ShellArguments.parse(["x.apish", "--report", "junit", "out.xml", "--report", "tap", "out.tap", "--each-version", "weather"])
        #expect(parsed.reports.map(\.format) == [.junit, .tap])
        #expect(parsed.reports.map(\.path) == ["out.xml", "out.tap"])
        #expect(parsed.eachVersion == "weather")
    }

    @Test(arguments: [
        ["--bogus"], ["--timeout"], ["--timeout", "soon"], ["--report", "html", "x"], ["a.apish", "b.apish"],
        ["-c", "services", "x.apish"], ["--each-version", "weather"],
    ])
    func badCommandLinesAreUsageErrors(_ arguments: [String]) {
        #expect(throws: ShellArguments.UsageError.self) { try ShellArguments.parse(arguments) }
    }
}
