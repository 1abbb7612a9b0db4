import Foundation
import Testing

/// The built `apish` on OpenAPI services: the example upgrade script, a spec as the whole locator, a
/// Swagger 2.0 locator refused, `diff --spec` gating a script, and a 20 MB spec.
@Suite struct OpenAPIEndToEndTests {
    @Test func theUpgradeExampleRunsClean() throws {
        let script = ScriptFiles.repositoryRoot + "/examples/openapi-upgrade.apish"
        let result = try Apish.run(["--no-color", script])
        #expect(result.status == 0, "\(result.stderr)")
        // Piped, a call's status line goes to stderr and its body alone to stdout.
        #expect(result.stderr.contains("HTTP/1.1 201 Created"))
        #expect(result.stdout.contains("16 changes between petstore v1 and v2: 4 breaking, 2 warnings, 10 info\n"))
    }

    @Test func aSpecIsTheWholeLocator() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let result = try Apish.run([
            "--no-color", "--locator", server.baseURL + "/specs/petstore-v1.json",
            "-c", "services", "-c", "call showPetById 3", "-c", "expect name == \"Luna\"", "-c", "refresh",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("*  demo-pet-store  v1.0.0   latest  \(server.baseURL)/petstore/v1\n"), "\(result.stdout)")
        #expect(result.stderr.contains("HTTP/1.1 200 OK\n"), "\(result.stderr)")
        #expect(result.stdout.contains(#"{"id":3,"name":"Luna","tag":"cat"}"# + "\n"), "\(result.stdout)")
        #expect(result.stdout.contains("petCount  6\n"))
    }

    @Test func aSwaggerTwoSpecFromTheDemoIsCalled() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let result = try Apish.run([
            "--no-color", "--locator", server.baseURL + "/descriptions/swagger-pets",
            "-c", "services", "-c", "call GET /pets/{petId} 3", "-c", "expect name == \"Luna\"",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("*  swagger-pets  v1.0.0   latest  \(server.baseURL)/petstore/v1\n"), "\(result.stdout)")
        // On a pipe the body goes to stdout and the status line to stderr.
        #expect(result.stdout.contains(#"{"id":3,"name":"Luna","tag":"cat"}"#), "\(result.stdout)")
        #expect(result.stderr.contains("HTTP/1.1 200 OK\n"), "\(result.stderr)")
    }

    @Test func aMultiFileYAMLSpecWithServerSet() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let result = try Apish.run([
            "--no-color", "--locator", server.baseURL + "/descriptions/pets-multi/openapi.yaml",
            "-c", "server", "-c", "call showPetById 3", "-c", "expect name == \"Luna\"",
            "-c", "server set version=v2", "-c", "call showPetById 3", "-c", "expect status == 200",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let why = "  why: the document's servers\n  1 operation has servers of their own, used for their calls\n"
        #expect(result.stdout.contains("pets-in-pieces v1.0.0: \(server.baseURL)/petstore/v1\n" + why
            + "  {version} = v1  default (one of v1, v2)  in ../../petstore/{version}\n"), "\(result.stdout)")
        #expect(result.stdout.contains("pets-in-pieces v1.0.0: \(server.baseURL)/petstore/v2\n" + why
            + "  {version} = v2  set (one of v1, v2)  in ../../petstore/{version}\n"), "\(result.stdout)")
    }

    @Test func aYAMLEntryWhoseSpecFailsAtStartIsAWarning() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let path = try files.write("services.yaml", """
            services:
              - name: pets
                version: 1
                url: \(server.baseURL)/petstore/v1
                openapi: \(server.baseURL)/descriptions/nowhere.yaml
            """)
        let result = try Apish.run(["--no-color", "--locator", path, "-c", "services"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("apish: warning: pets v1: cannot use OpenAPI document \(server.baseURL)/descriptions/nowhere.yaml: "
            + "the server answered HTTP 404; no ops or call, showing it as generic JSON\n"), "\(result.stderr)")
    }

    @Test func expectBreakingGatesAScript() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let gate = try files.write("gate.apish", """
            diff petstore v1 v2 --spec
            expect breaking == 4
            expect breaking == 0
            """)
        let locator = server.baseURL + "/services-openapi.json"
        let failed = try Apish.run(["--no-color", "--locator", locator, gate])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("gate.apish:3: expected breaking == 0, got 4\n"), "\(failed.stderr)")

        let json = try Apish.run(["--json", "--locator", locator, "-c", "diff petstore v1 v2 --spec"])
        #expect(json.status == 0)
        let line = try #require(json.jsonLines.first)
        let data = try #require(line["data"] as? [String: Any])
        #expect(data["breaking"] as? Int == 4)
        #expect(data["warnings"] as? Int == 2)
        #expect(data["nonBreaking"] as? Int == 12)
        #expect((data["changes"] as? [Any])?.count == 16)
    }

    @Test func aTwentyMegabyteSpecLoadsAsTheLocator() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let files = try ScriptFiles()
        let path = try files.write("big.json", Self.generatedSpec(operations: 5_000, server: server.baseURL + "/echo"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 19_000_000)

        let result = try Apish.run(["--no-color", "--locator", path, "-c", "help op4999", "-c", "call op4999 a b"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("op4999: POST /resources4999/{id}/items/{itemId} (generated v1.0)\n"), "\(result.stdout.prefix(300))")
        #expect(result.stderr.contains("HTTP/1.1 200 OK"))
    }

    /// ~4 KB per operation, each with a path, a body and responses of its own.
    static func generatedSpec(operations: Int, server: String) -> String {
        let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 140)
        var text = #"{"openapi":"3.1.0","info":{"title":"Generated","version":"1.0"},"servers":[{"url":"\#(server)"}],"paths":{"#
        for index in 0..<operations {
            if index > 0 { text += "," }
            text += #"""
            "/resources\#(index)/{id}/items/{itemId}":{"post":{"operationId":"op\#(index)","description":"\#(filler)",
             "requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"name":{"type":"string"}}}}}},
             "responses":{"200":{"description":"ok"}}}}
            """#
        }
        return text + "}}"
    }
}
