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
        // WHEN impact reads a client of v1
        let output = try ImpactScratch.run("d", documents: [Self.document(version: 1, deprecated: false), Self.document(version: 2, deprecated: true)],
                                           script: "use d v1\ncall listPets limit=2 page=1\ncall listKinds\n")
        // THEN the operation and the parameter are named for review, on the script's own line
        #expect(output.contains("c.apish:2: call listPets limit=2 page=1: operation listPets is deprecated in v2"), "\(output)")
        #expect(output.contains("parameter limit is deprecated in v2"), "\(output)")
        #expect(!output.contains("parameter page is deprecated"), "\(output)")
        // AND a line using nothing deprecated stays untouched
        #expect(output.contains("c.apish:3: call listKinds: listKinds unchanged for what this line sends — ok"), "\(output)")
    }
}
