import DemoAPIs
import DemoServer
import Facade
import Foundation
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Commands

/// A shell engine on a demo server of its own (port 0), its output kept in memory; the server stops with it.
/// `options` are the shell's (colour, `--json`, a terminal's width).
final class DemoShell {
    let server: DemoServer
    let session: Session
    let output = BufferedOutput()
    let engine: ShellEngine

    init(faults: Bool = false, options: ShellOptions = ShellOptions()) throws {
        server = DemoServer(configuration: DemoServerConfiguration(faults: faults))
        try server.start()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(server.baseURL + "/services.json")
        session = Session(facade: facade, bundles: DemoAPIs.bundles, options: options)
        engine = ShellEngine(session: session, output: output)
    }

    deinit {
        server.stop()
    }

    /// Everything written, standard output then standard error.
    var everything: String { output.output + output.errors }

    /// Runs a script's text; true when nothing in it failed.
    func run(_ script: String, file: String = "t.apish") -> Bool {
        engine.run(LineListSource(text: script), file: file)
    }
}
