import DemoAPIs
import Facade
import Foundation
import HTTPClient
@testable import Shell
import Testing
import TestSupport
@testable import ScriptLanguage
@testable import Commands

/// impact's verdict for version B is what the command does on B: a corpus of lines (`call` with pipes,
/// redirections, `--service` in three places and through a variable, `--stream`, quoting, every kind of
/// item; raw requests with query items and bodies, heredocs included; `refresh`; the demo's own commands),
/// each judged by `impact` and then run for real on B against a mock of its description.
@Suite struct ImpactAgreesWithCallTests {
    static func document(version: Int) -> String {
        let v2 = version == 2
        let limit = v2 ? #","maximum":10"# : ""
        let species = v2 ? #","enum":["cat","dog"]"# : ""
        let name = v2 ? #","maxLength":5"# : ""
        let show = v2 ? "getPet" : "showPetById"
        let depth = v2 ? #","maximum":3"# : ""
        return #"""
        {"openapi":"3.0.3","info":{"title":"P","version":"\#(version)"},"paths":{
         "/":{"get":{"operationId":"root","parameters":[{"name":"depth","in":"query","schema":{"type":"integer"\#(depth)}}],
           "responses":{"200":{"description":"ok","content":{"application/json":{"example":{"pets":2}}}}}}},
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

    /// Raw requests (paths with query items, bodies from items and heredocs), and `refresh`, `watch` and `diff`
    /// of the service's own URL, each a statement whose command declares its request; an entry of several
    /// lines is a heredoc.
    static let rawAndRefresh = [
        "get /pets limit==50", "get /pets limit==5", "get /pets?limit=50", "get p/pets?species=bird", "get p/pets species==cat",
        "get /pets/7", "get /pets limit==50 | cat", "get --stream /pets limit==50", "get p/pets X-Trace:abc limit==5",
        "post /pets Content-Type:application/json name=Tom", "post /pets Content-Type:application/json name=Tommyboy",
        "post /pets name:=\"Tommyboy\"", "post /pets name:='\"Tommyboy\"'", "post /pets name:='\"Tom\"' age:=3", "post /pets name=Tom",
        "post /pets <<EOF\n{\"name\":\"Tommyboy\"}\nEOF", "post /pets <<EOF\n{\"name\":\"Tom\"}\nEOF",
        "post /pets Content-Type:application/json <<EOF\n{\"name\": \"call listPets limit=50\"}\nEOF",
        "refresh p depth==2", "refresh p depth==9", "refresh", "refresh depth==9", "r p depth==9 | cat", "refresh $svc depth==$big",
        "watch p count=1 depth==2", "watch count=1 depth==9", "diff p v1 v2 depth==2", "diff p v1 v2 depth==9",
    ]

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
        return lines + rawAndRefresh
    }

    /// What impact says of each entry of `corpus` (a script of the prelude and the corpus, versions A and B of
    /// `service`) beside whether it runs on B, served by a mock of B's description: the entries where one says
    /// breaking and the other succeeds, or the reverse.
    static func disagreements(
        service: String, documents: [(version: String, text: String)], prelude: [String], runPrelude: [String], corpus: [String],
        in folder: ScratchDirectory
    ) throws -> [String] {
        var entries: [String] = []
        for (version, text) in documents {
            try folder.write("\(service)\(version).json", text)
            entries.append(#"{"name":"\#(service)","version":"\#(version)","url":"http://127.0.0.1:9/\#(service)","openapi":"\#(service)\#(version).json"}"#)
        }
        let locator = try folder.write("services.json", #"{"services":[\#(entries.joined(separator: ","))]}"#)
        let script = try folder.write("c.apish", (prelude + corpus).joined(separator: "\n") + "\n")

        // WHEN impact judges the script
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locator)
        let impactOutput = BufferedOutput()
        let impactEngine = ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles), output: impactOutput)
        let (a, b) = (documents[0].version, documents[1].version)
        _ = impactEngine.run(LineListSource(["impact \(try Tokenizer.quote(script)) \(service) v\(a) v\(b)"]), file: "t.apish")
        let report = impactOutput.output + impactOutput.errors

        // AND each entry runs on B, served by a mock of its description
        let runFacade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try runFacade.workspace.locate(locator)
        let runOutput = BufferedOutput()
        let runEngine = ShellEngine(session: Session(facade: runFacade, bundles: DemoAPIs.bundles), output: runOutput)
        #expect(runEngine.run(LineListSource(["mock start \(service)"] + runPrelude), file: "t.apish"), "\(runOutput.errors)")
        defer { _ = runEngine.run(LineListSource(["mock stop"]), file: "t.apish") }

        // THEN impact calls an entry breaking exactly when it fails on B
        var disagreements: [String] = []
        var number = prelude.count + 1
        for entry in corpus {
            let lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let verdicts = report.split(separator: "\n").filter { $0.contains("c.apish:\(number): ") }
            let breaks = verdicts.contains { $0.contains("— breaking") }
            let succeeded = runEngine.run(LineListSource(lines), file: "t.apish")
            if breaks == succeeded {
                disagreements.append("line \(number) `\(entry)`: impact says \(breaks ? "breaking" : "not breaking"), on \(b) it \(succeeded ? "succeeds" : "fails")\n    \(verdicts.joined(separator: "\n    "))")
            }
            number += lines.count
        }
        if !disagreements.isEmpty { disagreements.append(runOutput.errors) }
        return disagreements
    }

    @Test func everyVerdictAgreesWithWhatCallDoesOnB() throws {
        // GIVEN v2 caps limit at 10 and depth at 3, narrows species to an enum, caps name at 5 and renames showPetById
        let folder = try ScratchDirectory()
        let lines = Self.corpus(folder: folder.path)
        #expect(lines.count >= 80)
        // WHEN impact judges every line, and each runs on v2
        let disagreements = try Self.disagreements(
            service: "p", documents: [("1", Self.document(version: 1)), ("2", Self.document(version: 2))],
            prelude: ["use p v1", "set svc p", "set big 50"], runPrelude: ["use p v2", "set svc p", "set big 50"], corpus: lines,
            in: folder)
        // THEN every verdict is what the line does on v2
        #expect(disagreements.isEmpty, "\(disagreements.count - 1) of \(lines.count) disagree:\n\(disagreements.joined(separator: "\n"))")
    }

    /// The twit API described: v1.1 moves the user to `/me` and caps a twit's id at 3 characters.
    static func twitDocument(_ version: String) -> String {
        let v11 = version == "1.1"
        let envelope = { (data: String) in #"{"status":200,"success":true,"message":"ok","data":\#(data)}"# }
        let answer = { (data: String) in
            #"{"200":{"description":"ok","content":{"application/json":{"example":\#(envelope(data))}}}}"#
        }
        let twit = #"{"_id":"t01","content":"hi","likeCount":0,"isLike":false,"isRetwit":false,"writer":{"name":"ada"}}"#
        return #"""
        {"openapi":"3.0.3","info":{"title":"twit","version":"\#(version)"},"paths":{
         "/twit":{"get":{"operationId":"timeline","responses":\#(answer("[" + twit + "]"))}},
         "\#(v11 ? "/me" : "/user")":{"get":{"operationId":"me","responses":\#(answer(#"{"name":"ada"}"#))}},
         "/like/{id}":{"post":{"operationId":"like","parameters":[{"name":"id","in":"path","required":true,
           "schema":{"type":"string"\#(v11 ? #","maxLength":3"# : "")}}],
           "responses":\#(answer(#"{"_id":"t01","isLike":true,"likeCount":1}"#))}}}}
        """#
    }

    @Test func theDemosCommandsAreJudgedByTheRequestTheirAPIBuilds() throws {
        // GIVEN the twit API's v1.1 moving the user and capping ids, the demo's twits, user and like commands
        let folder = try ScratchDirectory()
        let lines = ["twits", "twits | cat", "user", "like t01", "like t0001", "refresh twit"]
        // WHEN impact judges each line, and each runs on v1.1
        let disagreements = try Self.disagreements(
            service: "twit", documents: [("1", Self.twitDocument("1")), ("1.1", Self.twitDocument("1.1"))],
            prelude: ["use twit v1", "auth bearer demo-token twit"], runPrelude: ["use twit v1.1", "auth bearer demo-token twit"],
            corpus: lines, in: folder)
        // THEN every verdict is what the command does on v1.1
        #expect(disagreements.isEmpty, "\(disagreements.count - 1) of \(lines.count) disagree:\n\(disagreements.joined(separator: "\n"))")
    }
}
