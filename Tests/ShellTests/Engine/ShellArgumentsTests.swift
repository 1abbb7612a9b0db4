import Testing
import Facade
@testable import Shell
@testable import ShellCommandLine

@Suite struct ShellArgumentsTests {
    @Test func repeatedCommandsAndFlags() throws {
        let parsed = try ShellArguments.parse(["-c", "services", "-c", "use weather v2", "--json", "--no-color", "--timeout", "0.5", "--insecure"])
        #expect(parsed.commands == ["services", "use weather v2"])
        #expect(parsed.json && parsed.noColor && parsed.insecure)
        #expect(parsed.timeout == 0.5)
    }

    @Test func connectTimeoutAndMaxBody() throws {
        let parsed = try ShellArguments.parse(["--connect-timeout", "2.5", "--max-body", "128"])
        #expect(parsed.connectTimeout == 2.5)
        #expect(parsed.maxBody == 128)
        #expect(try ShellArguments.parse([]).connectTimeout == nil)
        #expect(try ShellArguments.parse([]).maxBody == nil)
    }

    @Test func helpNamesTheTransportLimits() {
        #expect(ShellArguments.help.contains("--connect-timeout S"))
        #expect(ShellArguments.help.contains("--max-body MIB"))
    }

    @Test func usageErrorsNameTheFlag() throws {
        let connect = try #require(throws: ShellArguments.UsageError.self) { try ShellArguments.parse(["--connect-timeout", "x"]) }
        #expect(connect.message.hasPrefix("--connect-timeout needs a number of seconds"))
        let body = try #require(throws: ShellArguments.UsageError.self) { try ShellArguments.parse(["--max-body", "0"]) }
        #expect(body.message.hasPrefix("--max-body needs a size in MiB greater than 0"))
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
        ["--bogus"], ["--timeout"], ["--timeout", "soon"], ["--report", "pdf", "x"], ["a.apish", "b.apish"],
        ["-c", "services", "x.apish"], ["--each-version", "weather"],
        ["--connect-timeout"], ["--connect-timeout", "0"], ["--connect-timeout", "-1"], ["--connect-timeout", "nan"],
        ["--max-body"], ["--max-body", "0"], ["--max-body", "-5"], ["--max-body", "big"], ["--max-body", "inf"],
        ["--max-body", "1e300"],
    ])
    func badCommandLinesAreUsageErrors(_ arguments: [String]) {
        #expect(throws: ShellArguments.UsageError.self) { try ShellArguments.parse(arguments) }
    }
}

/// What the command line and the terminal decide: prompts, colour, the locator, the transport.
@Suite struct ShellOptionsResolutionTests {
    func options(_ arguments: [String], environment: [String: String] = [:], stdin: Bool = true, stdout: Bool = true) throws -> ShellOptions {
        ShellOptions(arguments: try ShellArguments.parse(arguments), environment: environment,
                     stdinIsTerminal: stdin, stdoutIsTerminal: stdout)
    }

    @Test func interactiveOnlyWithTerminalsAndNoScript() throws {
        #expect(try options([]).interactive)
        #expect(try !options([], stdin: false).interactive)
        #expect(try !options(["-c", "services"]).interactive)
        #expect(try !options(["check.apish"]).interactive)
    }

    @Test func colourOnlyOnATerminalWithoutOptOuts() throws {
        #expect(try options([]).color)
        #expect(try !options([], stdout: false).color)
        #expect(try !options(["--no-color"]).color)
        #expect(try !options(["--json"]).color)
        #expect(try !options([], environment: ["NO_COLOR": "1"]).color)
        #expect(try options([], environment: ["NO_COLOR": ""]).color)
    }

    @Test func locatorFromFlagThenEnvironmentElseDemo() throws {
        #expect(try ShellArguments.parse(["--locator", "a.json"]).locator(environment: ["APISH_LOCATOR": "b.json"]) == "a.json")
        #expect(try ShellArguments.parse([]).locator(environment: ["APISH_LOCATOR": "b.json"]) == "b.json")
        #expect(try ShellArguments.parse([]).locator(environment: ["APISH_LOCATOR": ""]) == nil)
        #expect(try ShellArguments.parse([]).locator(environment: [:]) == nil)
    }

    @Test func timeoutAndInsecureReachTheTransport() throws {
        let configuration = try ShellArguments.parse(["--timeout", "0.25", "--insecure"]).transportConfiguration
        #expect(configuration.totalTimeout == 250)
        #expect(configuration.insecure)
        #expect(try ShellArguments.parse([]).transportConfiguration.totalTimeout == 30_000)
    }

    @Test func connectTimeoutAndBodyCapReachTheTransport() throws {
        // GIVEN the limits in seconds and MiB / THEN the transport gets milliseconds and bytes
        let configuration = try ShellArguments.parse(["--connect-timeout", "1.5", "--max-body", "128"]).transportConfiguration
        #expect(configuration.connectTimeout == 1500)
        #expect(configuration.maxBodyBytes == 128 * 1024 * 1024)
        #expect(try ShellArguments.parse(["--max-body", "0.5"]).transportConfiguration.maxBodyBytes == 512 * 1024)
        // A tiny but positive limit stays a limit: 0 would mean "none" to libcurl.
        #expect(try ShellArguments.parse(["--connect-timeout", "0.0001"]).transportConfiguration.connectTimeout == 1)
        #expect(try ShellArguments.parse(["--max-body", "1e-9"]).transportConfiguration.maxBodyBytes == 1)
        let defaults = try ShellArguments.parse([]).transportConfiguration
        #expect(defaults.connectTimeout == 10_000)
        #expect(defaults.maxBodyBytes == 64 * 1024 * 1024)
    }

    @Test func verboseScriptAndAHelpWord() throws {
        #expect(try ShellArguments.parse(["--verbose-script", "t.apish"]).verboseScript)
        #expect(!(try ShellArguments.parse(["t.apish"]).verboseScript))
        #expect(try ShellArguments.parse(["help"]).showHelp)
        #expect(try ShellArguments.parse(["./help"]).script == "./help")
        #expect(ShellArguments.help.contains("--verbose-script"))
    }

    @Test func aScriptTellsItsStoryOnATerminalOrWhenAskedButNeverInJSON() throws {
        func story(_ argv: [String], stdin: Bool = false, stdout: Bool) throws -> Bool {
            ShellOptions(arguments: try ShellArguments.parse(argv), environment: [:], stdinIsTerminal: stdin, stdoutIsTerminal: stdout).story
        }
        #expect(try story(["t.apish"], stdout: true))
        #expect(try !story(["t.apish"], stdout: false))
        #expect(try story(["--verbose-script", "t.apish"], stdout: false))
        #expect(try story(["--verbose-script", "-c", "services"], stdout: false))
        #expect(try story(["--verbose-script"], stdin: false, stdout: false))
        #expect(try !story(["--verbose-script", "--json", "t.apish"], stdout: true))
        #expect(try !story(["-c", "services"], stdout: true))
        #expect(try !story(["--verbose-script"], stdin: true, stdout: true), "a person at the prompt")
    }
}
