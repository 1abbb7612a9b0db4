import Testing
@testable import Shell
@testable import ScriptLanguage
@testable import ShellCommandLine

/// `apish impact FILE SERVICE A B …` becomes the shell's `impact` command, its words quoted back.
@Suite struct ShellArgumentsImpactTests {
    @Test func impactIsOneCommand() throws {
        let parsed = try ShellArguments.parse(["--no-color", "impact", "my client.apish", "petstore", "v1", "v3", "--fix", "out.apish", "--report", "html", "r.html"])
        #expect(parsed.commands == ["impact 'my client.apish' petstore v1 v3 --fix out.apish --report html r.html"])
        #expect(parsed.noColor && parsed.script == nil)
        #expect(try Tokenizer.quote("it's") == #"'it'\''s'"#)
        #expect(try Tokenizer.split(parsed.commands[0])[0].map { $0.literal } == ["impact", "my client.apish", "petstore", "v1", "v3", "--fix", "out.apish", "--report", "html", "r.html"])
    }

    @Test func htmlIsAReportFormat() throws {
        let parsed = try ShellArguments.parse(["--report", "html", "run.html", "t.apish"])
        #expect(parsed.reports == [ShellArguments.Report(format: .html, path: "run.html")])
    }
}
