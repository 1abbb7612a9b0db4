import DemoAPIs
import Facade
import Foundation
import HTTPClient
@testable import Shell
import Testing
import TestSupport
@testable import ScriptLanguage
@testable import Commands

/// impact's verdict for version B is what `call` does on B: a corpus of lines (pipes, redirections,
/// `--service` in three places and through a variable, `--stream`, quoting, every kind of item), each
/// judged by `impact` and then run for real on B against a mock of its description.
@Suite struct ImpactAgreesWithCallTests {
    static func document(version: Int) -> String {
        let v2 = version == 2
        let limit = v2 ? #","maximum":10"# : ""
        let species = v2 ? #","enum":["cat","dog"]"# : ""
        let name = v2 ? #","maxLength":5"# : ""
        let show = v2 ? "getPet" : "showPetById"
        return #"""
        {"openapi":"3.0.3","info":{"title":"P","version":"\#(version)"},"paths":{
         "/pets":{
          "get":{"operationId":"listPets","parameters":[
            {"name":"limit","in":"query","schema":{"type":"integer"\#(limit)}},
            {"name":"species","in":"query","schema":{"type":"string"\#(species)}},
            {"name":"X-Trace","in":"header","schema":{"type":"string"}}],
           "responses":{"200":{"description":"ok","content":{"application/json":{"example":[{"id":1,"name":"Tom"}]}}}}},
          "post":{"operationId":"createPet","requestBody":{"required":true,"content":{"application/json":{"schema":{
             "type":"object","required":["name"],"properties":{"name":{"type":"string"\#(name)},"age":{"type":"integer"}}}}}},
           "responses":{"201":{"description":"made","content":{"application/json":{"example":{"id":2,"name":"Rex"}}}}}}},
         "/pets/{petId}":{"get":{"operationId":"\#(show)","parameters":[{"name":"petId","in":"path","required":true,"schema":{"type":"integer"}}],
           "responses":{"200":{"description":"ok","content":{"application/json":{"example":{"id":1,"name":"Tom"}}}}}}}}}
        """#
    }

    /// The corpus: every request line with every way of writing its tail.
    static func corpus(folder: String) -> [String] {
        let requests = [
            "call listPets limit=50", "call listPets limit=5", "call listPets species=bird", "call listPets species=cat",
            "call showPetById 7", "call createPet name=Tom", "call createPet name=Tommyboy", "call listPets",
            "call createPet name=Tom age:=3", "call listPets X-Trace:abc limit=50", "call GET /pets limit=50",
        ]
        var lines: [String] = []
        for request in requests {
            let words = request.split(separator: " ").map(String.init)
            lines.append(request)
            lines.append(request + " | cat")
            lines.append(request + " > \(folder)/out.json")
            lines.append(request + " >> \(folder)/out.json")
            lines.append((["call", "--service", "p"] + words.dropFirst()).joined(separator: " "))
            lines.append(request + " --service p")
            lines.append(([words[0], words[1], "--service", "p"] + words.dropFirst(2)).joined(separator: " "))
        }
        lines += [
            "call listPets --service $svc limit=50", "call listPets --service $svc limit=5",
            "call listPets 'limit=50' | cat", "call listPets \"limit=5\" | cat",
            "call listPets --stream limit=50", "call listPets --no-check limit=50",
            "call listPets limit==50", "call listPets limit=$big", "call createPet 'name=Tommy boy' | cat",
        ]
        return lines
    }

    @Test func everyVerdictAgreesWithWhatCallDoesOnB() throws {
        // GIVEN v2 caps limit at 10, narrows species to an enum, caps name at 5 and renames showPetById
        let folder = try ScratchDirectory()
        var entries: [String] = []
        for version in 1...2 {
            try folder.write("p\(version).json", Self.document(version: version))
            entries.append(#"{"name":"p","version":\#(version),"url":"http://127.0.0.1:9/p","openapi":"p\#(version).json"}"#)
        }
        let locator = try folder.write("services.json", #"{"services":[\#(entries.joined(separator: ","))]}"#)
        let prelude = ["use p v1", "set svc p", "set big 50"]
        let lines = Self.corpus(folder: folder.path)
        #expect(lines.count >= 60)
        let script = try folder.write("c.apish", (prelude + lines).joined(separator: "\n") + "\n")

        // WHEN impact judges the script
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locator)
        let impactOutput = BufferedOutput()
        let impactEngine = ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles), output: impactOutput)
        _ = impactEngine.run(LineListSource(["impact \(try Tokenizer.quote(script)) p v1 v2"]), file: "t.apish")
        let report = impactOutput.output + impactOutput.errors

        // AND each line runs on v2, served by a mock of its description
        let runFacade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try runFacade.workspace.locate(locator)
        let runOutput = BufferedOutput()
        let runEngine = ShellEngine(session: Session(facade: runFacade, bundles: DemoAPIs.bundles), output: runOutput)
        #expect(runEngine.run(LineListSource(["mock start p", "use p v2", "set svc p", "set big 50"]), file: "t.apish"), "\(runOutput.errors)")
        defer { _ = runEngine.run(LineListSource(["mock stop"]), file: "t.apish") }

        // THEN impact calls a line breaking exactly when call fails on v2
        var disagreements: [String] = []
        for (offset, line) in lines.enumerated() {
            let number = prelude.count + offset + 1
            let verdicts = report.split(separator: "\n").filter { $0.contains("c.apish:\(number): ") }
            let breaks = verdicts.contains { $0.contains("— breaking") }
            let succeeded = runEngine.run(LineListSource([line]), file: "t.apish")
            if breaks == succeeded {
                disagreements.append("line \(number) `\(line)`: impact says \(breaks ? "breaking" : "not breaking"), call on v2 \(succeeded ? "succeeds" : "fails")\n    \(verdicts.joined(separator: "\n    "))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(lines.count) disagree:\n\(disagreements.joined(separator: "\n"))\n\(runOutput.errors)")
    }
}
