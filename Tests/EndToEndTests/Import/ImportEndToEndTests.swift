import DemoServer
import Foundation
import Testing

/// `import` and running `.hurl`, `.http`, HAR and Postman files directly, by the built binary against a demo
/// server on port 0.
@Suite struct ImportEndToEndTests {
    static func hurl(_ base: String, city: String) -> String {
        """
        GET \(base)/weather/v2
        [QueryStringParams]
        city: Boston
        HTTP 200
        [Captures]
        town: jsonpath "$.city"
        [Asserts]
        jsonpath "$.city" == "\(city)"
        jsonpath "$.currentTemperature" exists
        header "Content-Type" contains "json"
        xpath "//city" exists
        """
    }

    @Test func aHurlFileRunsDirectlyAndPassesAgainstTheDemo() throws {
        // GIVEN a .hurl file for the demo's weather v2
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let passing = try files.write("ok.hurl", Self.hurl(server.baseURL, city: "Boston"))
        let failing = try files.write("bad.hurl", Self.hurl(server.baseURL, city: "Paris"))
        // WHEN apish runs it
        let ok = try Apish.run([passing])
        let bad = try Apish.run([failing])
        // THEN its assertions are checked, and what has no equivalent is one warning
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stderr.components(separatedBy: "not translated: xpath query").count == 2, "\(ok.stderr)")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("expected city == \"Paris\", got \"Boston\""), "\(bad.stderr)")
    }

    @Test func anHTTPFileWithANamedRequestsCaptureRunsDirectly() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let file = try files.write("requests.http", """
        @base = \(server.baseURL)

        # @name first
        GET {{base}}/weather/v2?city=Boston

        ###
        GET {{base}}/weather/v2?city={{first.response.body.$.city}}
        > {% client.test("ok", () => true); %}
        """)
        let run = try Apish.run([file, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "\"Boston\"").count >= 3, "\(run.stdout)")
        #expect(run.stderr.contains("not translated: JavaScript handler"))
    }

    @Test func importWritesAScriptThatRunsTheSameAsTheFile() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let hurl = try files.write("ok.hurl", Self.hurl(server.baseURL, city: "Boston"))
        let written = try Apish.run(["-c", "import \(hurl) -o \(files.directory)/ok.apish"])
        #expect(written.status == 0, "\(written.stderr)")
        let script = try files.read("ok.apish")
        #expect(script.contains("expect city == 'Boston'"))
        #expect(script.contains("# not translated (xpath query): xpath \"//city\" exists"))
        let direct = try Apish.run([hurl, "--json"])
        let replayed = try Apish.run([files.directory + "/ok.apish", "--json"])
        #expect(direct.status == 0 && replayed.status == 0)
        #expect(direct.jsonLines.compactMap { $0["command"] as? String } == replayed.jsonLines.compactMap { $0["command"] as? String })
    }

    @Test func aHARsAuthorizationAndCookiesAreReadFromTheEnvironmentNeverWritten() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let har = try files.write("export.har", """
        {"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "\(server.baseURL)/weather/v2?city=Boston",
          "headers": [{"name": "Authorization", "value": "Bearer har-secret-token"}, {"name": ":authority", "value": "x"}],
          "cookies": [{"name": "sid", "value": "cookie-secret-value"}]}, "response": {"status": 200}}]}}
        """)
        let imported = try Apish.run(["-c", "import \(har)"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stdout.contains("har-secret-token") && !imported.stdout.contains("cookie-secret-value"))
        #expect(imported.stdout.contains("set authorization ${env.APISH_AUTHORIZATION:-redacted}"))
        #expect(imported.stdout.contains("\"Authorization:Bearer ${authorization}\""))
        let run = try Apish.run(["-f", har])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func aBodyFileOutsideTheImportedFilesFolderIsRefused() throws {
        let files = try ScriptFiles()
        let outside = try ScriptFiles()
        try outside.write("secret.json", "{\"a\": 1}")
        let file = try files.write("post.http", "POST http://127.0.0.1:9/x\nContent-Type: application/json\n\n< \(outside.directory)/secret.json\n")
        let refused = try Apish.run(["-c", "import \(file)"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is outside"), "\(refused.stderr)")
        let allowed = try Apish.run(["-c", "import \(file) --allow-outside"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("{\"a\": 1}"))
    }

    @Test func aRequestToAnOperationOfALoadedDescriptionBecomesACall() throws {
        // GIVEN the demo's pet store, v2 in use, and a .http file of requests to its URLs and one elsewhere
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let file = try files.write("pets.http", """
        GET \(server.baseURL)/petstore/v2/pets/1

        ###
        GET \(server.baseURL)/petstore/v2/pets?species=cat&limit=2

        ###
        GET \(server.baseURL)/weather/v2?city=Boston
        """)
        let locator = server.baseURL + "/services-openapi.json"
        // WHEN it is imported
        let imported = try Apish.run(["--locator", locator, "-c", "use petstore v2", "-c", "import \(file)"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let lines = imported.stdout.split(separator: "\n").map(String.init)
        // THEN each request to an operation is a call of it, its path values positional and its query items kept;
        // a URL under no service stays as it was
        #expect(lines.contains("call --service petstore getPet 1"), "\(imported.stdout)")
        #expect(lines.contains { $0.hasPrefix("call --service petstore listPets ") && $0.contains("species==cat") && $0.contains("limit==2") },
                "\(imported.stdout)")
        #expect(lines.contains("get \(server.baseURL)/weather/v2 city==Boston"), "\(imported.stdout)")
        // AND the script runs, each call checked and sent to the version in use
        let script = try files.write("pets.apish", imported.stdout.split(separator: "\n").filter { !$0.hasPrefix("petstore → ") }.joined(separator: "\n") + "\n")
        let run = try Apish.run(["--locator", locator, "-c", "use petstore v2", "-c", "source \(script)", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("/petstore/v2/pets/1"), "\(run.stdout)")
    }
}
