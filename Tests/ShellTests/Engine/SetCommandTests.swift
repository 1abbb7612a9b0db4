import DemoAPIs
import Facade
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Commands

/// `set` confirms what it set, as `let` does; secrets are masked and `--json` is unchanged.
@Suite struct SetCommandTests {
    @Test func setConfirmsTheValue() {
        let output = BufferedOutput()
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
        let engine = ShellEngine(session: session, output: output)
        #expect(engine.execute("set city New York"))
        #expect(output.output == "city = New York\n")
        #expect(session.variables["city"] == "New York")
        #expect(engine.execute("set token s3cret-value"))
        #expect(!output.output.contains("s3cret-value"))
        #expect(output.output.hasSuffix("token = •••\n"))
        #expect(engine.execute("set blob " + String(repeating: "a", count: 5000)))
        #expect(output.output.hasSuffix("blob = " + String(repeating: "a", count: 120) + "… (5000 characters)\n"))
    }

    @Test func jsonLineOfSetIsAsBefore() {
        let output = BufferedOutput()
        var options = ShellOptions()
        options.json = true
        let engine = ShellEngine(session: Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles, options: options), output: output)
        #expect(engine.execute("set city Boston"))
        #expect(output.output == #"{"command":"set city Boston","ok":true}"# + "\n")
    }
}
