import DemoAPIs
import Facade
import HTTPClient
@testable import Shell
@testable import ScriptLanguage
import Testing
import TestSupport

/// `impact` builds each `call` line's request with `call`'s own builder against A and then B: what B would
/// refuse breaks, in B's own words.
@Suite struct ImpactDryRunTests {
    static func document(version: Int, maximum: Int?) -> String {
        let limit = maximum.map { #","maximum":\#($0)"# } ?? ""
        return #"""
        {"openapi":"3.0.3","info":{"title":"P","version":"\#(version)"},"servers":[{"url":"http://127.0.0.1:9/p"}],"paths":{
         "/pets":{"get":{"operationId":"listPets","parameters":[{"name":"limit","in":"query","schema":{"type":"integer"\#(limit)}}],
           "responses":{"200":{"description":"ok"}}}}}}
        """#
    }

    @Test func aValueTheNewerVersionRefusesBreaksInItsOwnWords() throws {
        // GIVEN v2 capping limit at 10
        let documents = [Self.document(version: 1, maximum: nil), Self.document(version: 2, maximum: 10)]
        // WHEN impact reads a client that asks for 50, one that asks for 5, and one built at run time
        let output = try ImpactScratch.run("p", documents: documents,
                                           script: "use p v1\ncall listPets limit=50\ncall listPets limit=5\ncall listPets limit=$n\n")
        // THEN the first breaks with the builder's refusal; the second is untouched
        #expect(output.contains("c.apish:2: call listPets limit=50: call would refuse it on v2:"), "\(output)")
        #expect(output.contains("limit") && output.contains("— breaking"), "\(output)")
        #expect(output.contains("c.apish:3: call listPets limit=5: listPets unchanged for what this line sends — ok"), "\(output)")
        // AND a value known only at run time is not guessed at
        #expect(!output.contains("c.apish:4: call listPets limit=$n: call would refuse"), "\(output)")
    }

    @Test func aHeredocsBodyLinesAreNotReadAsCommands() throws {
        // GIVEN v2 capping limit at 10
        let documents = [Self.document(version: 1, maximum: nil), Self.document(version: 2, maximum: 10)]
        // WHEN a request's heredoc holds a line that reads like a call v2 refuses, and a real one follows it
        let script = "use p v1\npost /pets <<EOF\ncall listPets limit=50\n  EOF  \ncall listPets limit=50\n"
        let output = try ImpactScratch.run("p", documents: documents, script: script)
        // THEN the body line is the request's body, not a line impact judges; the line after the heredoc is
        #expect(!output.contains("c.apish:3:"), "\(output)")
        #expect(!output.contains("c.apish:4:"), "\(output)")
        #expect(output.contains("c.apish:5: call listPets limit=50: call would refuse it on v2:"), "\(output)")
    }

    @Test func aValueKnownOnlyAtRunTimeIsNotRefusedForThePatternStandingForIt() throws {
        // GIVEN the meetup API described in v2 and v2.1, whose groups near takes a number for LAT
        let document = #"""
            {"openapi":"3.0.3","info":{"title":"m","version":"1"},"paths":{"/2/groups":{"get":{"operationId":"groups",
             "responses":{"200":{"description":"ok"}}}}}}
            """#
        let folder = try ScratchDirectory()
        var entries: [String] = []
        for version in ["2", "2.1"] {
            try folder.write("m\(version).json", document)
            entries.append(#"{"name":"meetup","version":"\#(version)","url":"http://127.0.0.1:9/m","openapi":"m\#(version).json"}"#)
        }
        let locator = try folder.write("services.json", #"{"services":[\#(entries.joined(separator: ","))]}"#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locator)
        let output = BufferedOutput()
        let engine = ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles), output: output)
        let script = try folder.write("c.apish", "use meetup v2\ngroups near $lat 126.9\ngroups near north 126.9\n")
        // WHEN impact reads a search whose latitude is known only at run time, and one whose latitude is no number
        _ = engine.run(LineListSource(["impact \(try Tokenizer.quote(script)) meetup v2 v2.1"]), file: "t.apish")
        // THEN the first is unknown, not refused for the mark that stands for its value; the second is refused
        #expect(output.output.contains("c.apish:2: groups near $lat 126.9: groups's arguments are known only at run time — unknown"),
                "\(output.output)")
        #expect(output.output.contains("c.apish:3: groups near north 126.9: groups refuses this line on any version"), "\(output.output)")
    }

    @Test func aCommandTypedByItsAliasIsReadAsThatCommand() throws {
        // GIVEN a service whose documents describe no GET / (what refresh fetches)
        let documents = [Self.document(version: 1, maximum: nil), Self.document(version: 2, maximum: 10)]
        // WHEN impact reads refresh typed by its name and by its alias `r`, in any case
        let output = try ImpactScratch.run("p", documents: documents, script: "refresh p\nr p\nR p\n")
        // THEN each line is read as refresh, the statement's command, not as a word no case names
        for (line, typed) in [(1, "refresh p"), (2, "r p"), (3, "R p")] {
            #expect(output.contains("c.apish:\(line): \(typed): refresh fetches p's URL, which v1's document does not describe (no GET /) — review"),
                    "\(output)")
        }
    }
}
