import DemoAPIs
import Facade
import HTTPClient
@testable import Shell
import Testing
import TestSupport

/// `impact` names what a script uses that the newer version deprecates: operations and parameters.
@Suite struct ImpactDeprecationTests {
    static func document(version: Int, deprecated: Bool) -> String {
        #"""
        {"openapi":"3.0.3","info":{"title":"D","version":"\#(version)"},"servers":[{"url":"http://127.0.0.1:9/d"}],"paths":{
         "/pets":{"get":{"operationId":"listPets","deprecated":\#(deprecated),"parameters":[
           {"name":"limit","in":"query","deprecated":\#(deprecated),"schema":{"type":"integer"}},
           {"name":"page","in":"query","schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}}},
         "/kinds":{"get":{"operationId":"listKinds","responses":{"200":{"description":"ok"}}}}}}
        """#
    }

    @Test func deprecatedOperationsAndParametersTheScriptUsesAreNamed() throws {
        // GIVEN v2 deprecating listPets and its limit parameter
        let folder = try ScratchDirectory()
        try folder.write("d1.json", Self.document(version: 1, deprecated: false))
        try folder.write("d2.json", Self.document(version: 2, deprecated: true))
        let locator = try folder.write("services.json", #"""
            {"services":[{"name":"d","version":1,"url":"http://127.0.0.1:9/d","openapi":"d1.json"},
                         {"name":"d","version":2,"url":"http://127.0.0.1:9/d","openapi":"d2.json"}]}
            """#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.locate(locator)
        let output = BufferedOutput()
        let engine = ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles), output: output)
        let script = try folder.write("c.apish", "use d v1\ncall listPets limit=2 page=1\ncall listKinds\n")
        // WHEN impact reads a client of v1
        _ = engine.run(LineListSource(["impact \(try Tokenizer.quote(script)) d v1 v2"]), file: "t.apish")
        // THEN the operation and the parameter are named for review, on the script's own line
        #expect(output.output.contains("c.apish:2: call listPets limit=2 page=1: operation listPets is deprecated in v2"), "\(output.output)")
        #expect(output.output.contains("parameter limit is deprecated in v2"), "\(output.output)")
        #expect(!output.output.contains("parameter page is deprecated"), "\(output.output)")
        // AND a line using nothing deprecated stays untouched
        #expect(output.output.contains("c.apish:3: call listKinds: listKinds unchanged for what this line sends — ok"), "\(output.output)")
    }
}
