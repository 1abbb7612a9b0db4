import DemoServer
import Foundation
import Testing

/// `--server URL` at start, `server` saying which base is in force and why, and a profile keeping it.
@Suite struct ServerBaseEndToEndTests {
    @Test func theServerGivenAtStartIsWhereCallsGoAndAProfileKeepsIt() throws {
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let description = server.baseURL + "/descriptions/pets-multi/openapi.yaml"
        // GIVEN the description as the locator and --server WHEN server is asked and a call is made
        let first = try home.run([
            "--locator", description, "--server", server.baseURL + "/echo/mock",
            "-c", "server", "-c", "get /pets-not-described", "-c", "profile save mock",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        // THEN it names the base and why, and the call went there
        #expect(first.stdout.contains("pets-in-pieces v1.0.0: \(server.baseURL)/echo/mock\n"), "\(first.stdout)")
        #expect(first.stdout.contains("  why: set for this session; server reset goes back to \(server.baseURL)/petstore/v1\n"), "\(first.stdout)")
        #expect(first.stdout.contains(#""path":"/echo/mock/pets-not-described""#), "\(first.stdout)")
        // AND a later process from the profile sends there too, until server reset
        let second = try home.run(["--profile", "mock", "--json", "-c", "server", "-c", "server reset"])
        #expect(second.status == 0, "\(second.stderr)")
        let lines = second.jsonLines
        #expect((lines.first?["data"] as? [String: Any])?["url"] as? String == server.baseURL + "/echo/mock")
        #expect((lines.first?["data"] as? [String: Any])?["origin"] as? String == "session")
        #expect((lines.last?["data"] as? [String: Any])?["origin"] as? String == "document")
    }

    @Test func aServerThatIsNotAURLIsAUsageError() throws {
        let result = try Apish.run(["--server", "localhost:4010", "-c", "help"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--server needs an http(s) URL"), "\(result.stderr)")
    }
}
