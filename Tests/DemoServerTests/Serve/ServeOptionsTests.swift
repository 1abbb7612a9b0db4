import Testing
@testable import DemoServer

@Suite("apish serve options")
struct ServeOptionsTests {
    @Test func defaults() throws {
        let options = try ServeOptions.parse([])
        #expect(options == ServeOptions())
        #expect(options.configuration == DemoServerConfiguration(host: "127.0.0.1", port: 8080))
        #expect(!options.showHelp)
    }

    @Test func everyOption() throws {
        let options = try ServeOptions.parse(["--host", "0.0.0.0", "--port=9000", "--root", "fixtures", "--faults", "--help"])
        #expect(options.host == "0.0.0.0")
        #expect(options.port == 9000)
        #expect(options.root == "fixtures")
        #expect(options.faults)
        #expect(options.showHelp)
        #expect(options.configuration.root == "fixtures")
        #expect(options.configuration.faults)
    }

    @Test func initNamesTheFolderToWriteAndServesNothingFromIt() throws {
        let options = try ServeOptions.parse(["--init", "demo"])
        #expect(options.initDirectory == "demo")
        #expect(options.configuration.root == nil)
    }

    @Test(arguments: [
        (["--port", "70000"], "invalid port '70000': expected a number from 0 to 65535"),
        (["--port"], "option --port needs a value"),
        (["--verbose"], "unknown option '--verbose' for serve (see apish serve --help)"),
        (["extra"], "unexpected argument 'extra' for serve (see apish serve --help)"),
        (["--faults=yes"], "option --faults takes no value"),
        (["--root", "a", "--init", "b"], "use either --root or --init, not both"),
        (["--host", ""], "invalid value '' for --host"),
    ])
    func errorsAreOneClearLine(arguments: [String], message: String) {
        #expect {
            try ServeOptions.parse(arguments)
        } throws: { error in
            String(describing: error) == message
        }
    }

    @Test func usageMentionsEveryOption() {
        for option in ["--host", "--port", "--root", "--init", "--faults", "--help"] {
            #expect(ServeOptions.usage.contains(option))
        }
    }
}
