@testable import Shell
import Testing
import TestSupport

/// A line that reads an answer property agrees with the spec diff's level for it: a property that is no
/// longer required breaks (`response-property-became-optional`), as the diff says.
@Suite struct ImpactRequiredReadTests {
    static func document(version: Int, required: Bool) -> String {
        #"""
        {"openapi":"3.0.3","info":{"title":"J","version":"\#(version)"},"servers":[{"url":"http://127.0.0.1:9/j"}],"paths":{
         "/jobs/{id}":{"get":{"operationId":"getJob","parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],
           "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","required":["hyperparameters"],
             "properties":{"hyperparameters":{"type":"object",\#(required ? #""required":["n_epochs"],"# : "")
               "properties":{"n_epochs":{"type":"integer"},"seed":{"type":"integer"}}}}}}}}}}}}}
        """#
    }

    @Test func readingAPropertyThatIsNoLongerRequiredBreaksAsTheDiffSays() throws {
        // GIVEN v2 where hyperparameters.n_epochs is no longer required
        // WHEN impact reads a client of v1, and the spec diff grades the change
        let output = try ImpactScratch.run("j", documents: [Self.document(version: 1, required: true), Self.document(version: 2, required: false)],
                                           script: "use j v1\ncall getJob a1\nexpect hyperparameters.n_epochs == 3\nexpect hyperparameters.seed exists\n",
                                           then: ["diff j v1 v2 --spec"])
        // THEN the line reading n_epochs breaks, as the diff grades the change
        #expect(output.contains(
            "c.apish:3: expect hyperparameters.n_epochs == 3: response property hyperparameters.n_epochs is no longer required in v2 — breaking"),
            "\(output)")
        #expect(output.contains("hyperparameters.n_epochs  no longer required  response-property-became-optional"), "\(output)")
        #expect(output.contains("  breaking  response 200 body.hyperparameters.n_epochs"), "\(output)")
        // AND the line reading seed, optional in both, is untouched
        #expect(output.contains("c.apish:4: expect hyperparameters.seed exists: reads hyperparameters.seed, unchanged — ok"), "\(output)")
    }
}
