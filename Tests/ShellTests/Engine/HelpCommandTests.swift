import DemoAPIs
import Facade
import Testing
import TestSupport
@testable import Shell
import JSON
import HTTPClient
import HTTPTypes
@testable import Rendering
@testable import Commands

/// `help` fits the terminal up to 80 columns, and keeps each command on one row under `--json`.
@Suite struct HelpCommandTests {
    private func help(json: Bool = false, width: Int, facade: ServiceFacade? = nil, command: String = "help") -> BufferedOutput {
        var options = ShellOptions()
        options.json = json
        options.width = { width }
        let output = BufferedOutput()
        let facade = facade ?? ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        let engine = ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles, options: options), output: output)
        engine.execute(command)
        return output
    }

    @Test func helpOnAWideTerminalOrAPipeStaysInsideEightyColumns() {
        for width in [0, 80, 200] {
            let lines = help(width: width).output.split(separator: "\n")
            #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "width \(width)")
            #expect(lines.contains { $0.hasPrefix("quit, exit, q") })
        }
    }

    @Test func helpUnderJSONKeepsEachCommandOnOneRow() throws {
        let server = try LiveDemoServer()
        let line = try JSONValue.parse(help(json: true, width: 0, facade: try server.facade()).output)
        let rows = line["data"]?["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(rows.contains { $0.hasPrefix("groups") && $0.hasSuffix("(needs: auth key key=VALUE)") })
    }

    @Test func aBundlesCommandsAreListedOnlyWhileTheLocatorHasItsService() throws {
        // GIVEN no locator loaded: the demo bundles are registered, but none of their services is there
        let bare = help(width: 80).output
        #expect(!bare.contains("twits"))
        #expect(!bare.contains("groups"))
        #expect(bare.contains("refresh"))
        // WHEN the demo locator (weather, stockQuote, twit, meetup) is loaded THEN they are listed
        let server = try LiveDemoServer()
        let loaded = help(width: 80, facade: try server.facade()).output
        #expect(loaded.contains("twits"))
        #expect(loaded.contains("groups"))
    }

    @Test func examplesNameAServiceOfTheSession() throws {
        // Without a locator an example says SERVICE; with one, the first service it has.
        #expect(help(width: 80, command: "help use").output.contains("use SERVICE v2"))
        let server = try LiveDemoServer()
        #expect(help(width: 80, facade: try server.facade(), command: "help use").output.contains("use weather v2"))
    }
}
