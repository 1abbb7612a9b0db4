import Facade
import Testing
@testable import Shell
import JSON
import HTTPClient

/// `help` fits the terminal up to 80 columns, and keeps each command on one row under `--json`.
@Suite struct HelpCommandTests {
    private func help(json: Bool = false, width: Int) -> BufferedOutput {
        var options = ShellOptions()
        options.json = json
        options.width = { width }
        let output = BufferedOutput()
        let engine = ShellEngine(session: Session(facade: ServiceFacade(transport: CurlTransport()), options: options), output: output)
        engine.execute("help")
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
        let line = try JSONValue.parse(help(json: true, width: 0).output)
        let rows = line["data"]?["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(rows.contains { $0.hasPrefix("groups") && $0.hasSuffix("(needs: auth key key=VALUE)") })
    }
}
