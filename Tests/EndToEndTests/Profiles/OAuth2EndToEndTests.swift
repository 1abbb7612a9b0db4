import DemoServer
import Foundation
import Testing

/// OAuth 2 client credentials against the demo server's token endpoint and protected route, with the
/// built binary; `token_number` says which token the server saw (1 for the first it issued, …).
@Suite struct OAuth2EndToEndTests {
    private func tokenNumbers(_ result: Apish.Result) -> [Int] {
        result.jsonLines.compactMap { ($0["data"] as? [String: Any])?["token_number"] as? Int }
    }

    @Test func aLocatorThatIsTheOpenAPIDocumentGivesTheTokenURLToo() throws {
        // GIVEN the OAuth service's OpenAPI document itself as the locator (one service, named from its title)
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        // WHEN the client is set for that service with no token URL, and its protected operation is called
        let result = try home.run([
            "--locator", server.baseURL + "/oauth/openapi.json", "--json",
            "-c", "auth oauth2 client_id=demo-client client_secret=demo-secret oauth-demo", "-c", "call getProtected",
        ])
        // THEN the token URL and scope came from its clientCredentials flow, and the call carried the token
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        #expect(tokenNumbers(result) == [1], "\(result.stdout)")
        #expect(!result.stdout.contains("demo-secret"))
    }

    @Test func theTokenIsFetchedOnFirstUseKeptAcrossProcessesAndRenewedWhenItExpires() throws {
        // GIVEN an OAuth service whose OpenAPI document names the token URL
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = try oauthLocator(server, in: home.root)
        let auth = "auth oauth2 client_id=demo-client client_secret=demo-secret secure"

        // WHEN two requests go out, in one process and then in another
        let first = try home.run(["--locator", locator, "--json", "-c", auth, "-c", "get secure/protected", "-c", "get secure/protected"])
        let second = try home.run(["--locator", locator, "--json", "-c", auth, "-c", "get secure/protected"])

        // THEN one token served all three, kept 0600 in tokens.json
        #expect(tokenNumbers(first) == [1, 1], "\(first.stdout)\(first.stderr)")
        #expect(tokenNumbers(second) == [1], "\(second.stdout)\(second.stderr)")
        #expect(try home.mode(home.tokens) == 0o600)

        // WHEN the kept token has expired (its expiry edited into the past)
        var tokens = try home.read(home.tokens)
        let expiry = try #require(tokens.range(of: #""expires_at": [0-9.]+"#, options: .regularExpression))
        tokens.replaceSubrange(expiry, with: #""expires_at": 1000"#)
        try tokens.write(toFile: home.tokens, atomically: true, encoding: .utf8)
        let renewed = try home.run(["--locator", locator, "--json", "-c", auth, "-c", "get secure/protected"])

        // THEN a new one is fetched before the request
        #expect(tokenNumbers(renewed) == [2], "\(renewed.stdout)\(renewed.stderr)")
    }

    @Test func aTokenTheServerCallsInvalidIsRenewedOnceAfterThe401() throws {
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = try oauthLocator(server, in: home.root)
        let auth = "auth oauth2 \(server.baseURL)/oauth/token client_id=demo-client client_secret=demo-secret scope=read secure"
        #expect(tokenNumbers(try home.run(["--locator", locator, "--json", "-c", auth, "-c", "get secure/protected"])) == [1])

        // WHEN the server revokes every token it issued, then the kept one is sent
        let revoked = try home.run(["--locator", locator, "-c", "post \(server.baseURL)/oauth/revoke"])
        #expect(revoked.status == 0)
        let after = try home.run(["--locator", locator, "--json", "-c", auth, "-c", "get secure/protected"])

        // THEN the 401 invalid_token brings one new token and the request succeeds with it
        #expect(after.status == 0, "\(after.stderr)")
        #expect(tokenNumbers(after) == [2], "\(after.stdout)")
    }

    @Test func aClientThatAuthenticatesOnlyInTheBodyIsRetriedThere() throws {
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = try oauthLocator(server, in: home.root)
        let result = try home.run([
            "--locator", locator, "--json",
            "-c", "auth oauth2 \(server.baseURL)/oauth/token client_id=post-client client_secret=post-secret secure",
            "-c", "get secure/protected",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.jsonLines.last.flatMap { ($0["data"] as? [String: Any])?["client"] as? String } == "post-client")
    }

    @Test func tokenEndpointErrorsAreOneClearLineWithNoSecret() throws {
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = try oauthLocator(server, in: home.root)
        let token = "\(server.baseURL)/oauth/token"
        let badClient = try home.run([
            "--locator", locator, "-c", "auth oauth2 \(token) client_id=demo-client client_secret=Xx6WrongSecret secure",
            "-c", "get secure/protected",
        ])
        let badScope = try home.run([
            "--locator", locator, "-c", "auth oauth2 \(token) client_id=demo-client client_secret=demo-secret scope=admin secure",
            "-c", "get secure/protected",
        ])
        #expect(badClient.status == 1)
        #expect(badClient.stderr == "-c:2: secure v1: request error: HTTP 401 Unauthorized: OAuth 2 token endpoint \(token) refused: invalid_client (client authentication failed); check client_id and client_secret\n")
        #expect(badScope.stderr == "-c:2: secure v1: request error: HTTP 400 Bad Request: OAuth 2 token endpoint \(token) refused: invalid_scope (unknown scope admin); check scope=\n")
        #expect(!badClient.stdout.contains("Xx6WrongSecret"))
    }
}
