import DemoServer
import Foundation
import Testing

/// One script plants credentials in every way they reach apish — a JSON body's `password`/`token`, form and
/// query parameters, header and cookie parameters a spec declares — and then shows them every way it can:
/// the echoed response, `curl`, `let`, `vars`, failed and passing `expect`s, a recording and a report.
/// Run with `--json` and as text: no planted secret may appear in any byte that leaves the program.
@Suite struct SecretsSweepEndToEndTests {
    static let planted = ["PWsweep0001", "TKsweep0002", "SEKsweep003", "SEKsweep004", "CSsweep0005", "QKsweep0006", "FPsweep0007"]

    static func spec(server: String) -> String {
        #"""
        {"openapi":"3.0.3","info":{"title":"Sweep","version":"1.0"},"servers":[{"url":"\#(server)/echo/api"}],
         "paths":{
          "/r":{"post":{"operationId":"postR","requestBody":{"content":{"application/json":{"schema":{"type":"object",
             "properties":{"name":{"type":"string"},"password":{"type":"string"},"token":{"type":"string"}}}}}},
             "responses":{"200":{"description":"ok"}}}},
          "/r/{x}":{"get":{"operationId":"getR","parameters":[
             {"name":"x","in":"path","required":true,"schema":{"type":"string"}},
             {"name":"X-API-Key","in":"header","schema":{"type":"string"}},
             {"name":"session_id","in":"cookie","schema":{"type":"string"}}],
             "responses":{"200":{"description":"ok"}}}}}}
        """#
    }

    static func script(server: String, recording: String) -> String {
        """
        record start
        call postR name=alice password=PWsweep0001 token=TKsweep0002
        curl
        expect json.token == wrong
        expect json contains zzz
        expect json.password exists
        let b = json.token
        let whole = json
        let echoed = body
        call getR x X-API-Key=SEKsweep003 session_id=SEKsweep004
        curl
        let k = headers.x-api-key
        let all = headers
        expect headers.x-api-key == nothing
        post \(server)/echo client_secret=CSsweep0005 api_key==QKsweep0006 Content-Type:application/x-www-form-urlencoded
        curl
        expect form.client_secret == nothing
        let f = form
        post \(server)/echo password=FPsweep0007 note=visible
        curl
        vars
        expect $b == nothing
        record save \(recording)
        """
    }

    @Test(arguments: [false, true])
    func noPlantedSecretLeavesTheProgram(json: Bool) throws {
        // GIVEN the demo server's /echo, which reflects everything it gets, behind a spec
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.spec(server: server.baseURL).write(toFile: folder + "/sweep.json", atomically: true, encoding: .utf8)
        let recording = folder + "/take.apish", report = folder + "/report.xml"
        try Self.script(server: server.baseURL, recording: recording)
            .write(toFile: folder + "/sweep.apish", atomically: true, encoding: .utf8)

        // WHEN the script runs through the built binary
        let result = try Apish.run((json ? ["--json"] : ["--no-color"])
            + ["--locator", folder + "/sweep.json", "--report", "junit", report, folder + "/sweep.apish"])

        // THEN every command ran (the failing expects fail, nothing else does) and the values were shown masked
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("unknown command"), "\(result.stderr)")
        #expect(result.stdout.contains("•••"))
        #expect(result.stdout.contains("APISH_PASSWORD"), "curl exports the JSON body's password as a reference")
        #expect(result.stdout.contains("visible"))
        let channels = [("stdout", result.stdout), ("stderr", result.stderr),
                        ("recording", try String(contentsOfFile: recording, encoding: .utf8)),
                        ("report", try String(contentsOfFile: report, encoding: .utf8))]
        for (name, text) in channels {
            for secret in Self.planted {
                #expect(!text.contains(secret), "\(secret) in \(name):\n\(text)")
            }
        }
        if json {
            #expect(result.jsonLines.count >= 20, "one valid JSON object per command")
        }
    }
}
