import Declarations
import Testing
@testable import DemoServer

@Suite("apish serve options")
struct ServeOptionsTests {
    @Test func defaults() throws {
        let options = try ServeOptions([])
        #expect(options == ServeOptions())
        #expect(options.configuration == DemoServerConfiguration(host: "127.0.0.1", port: 8080))
        #expect(!options.showHelp)
    }

    @Test func everyOption() throws {
        let options = try ServeOptions(["--host", "0.0.0.0", "--port=9000", "--root", "fixtures", "--faults", "--help"])
        #expect(options.host == "0.0.0.0")
        #expect(options.port == 9000)
        #expect(options.root == "fixtures")
        #expect(options.faults)
        #expect(options.showHelp)
        #expect(options.configuration.root == "fixtures")
        #expect(options.configuration.faults)
    }

    @Test func initNamesTheFolderToWriteAndServesNothingFromIt() throws {
        let options = try ServeOptions(["--init", "demo"])
        #expect(options.initDirectory == "demo")
        #expect(options.configuration.root == nil)
    }

    @Test(arguments: [
        (["--port", "70000"], "--port needs a number from 0 to 65535, not '70000'"),
        (["--port"], "option --port needs a value"),
        (["--verbose"], "unknown option '--verbose'"),
        (["extra"], "unexpected argument 'extra'"),
        (["--faults=yes"], "option --faults takes no value"),
        (["--root", "a", "--init", "b"], "use either --root or --init, not both"),
        (["--host", ""], "--host needs a value that is not empty"),
    ])
    func errorsAreOneClearLine(arguments: [String], message: String) {
        #expect {
            try ServeOptions(arguments)
        } throws: { error in
            String(describing: error) == message
        }
    }

    @Test func helpShowsEveryOptionWithItsHelp() {
        let help = ServeOptions.declaration.help
        for option in ServeOptions.declaration.options {
            #expect(help.contains("  " + option.synopsis) && help.contains(option.help), "\(option.names)")
        }
    }
}
