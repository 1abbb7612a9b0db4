import DemoServer
import Foundation
import Testing

/// The secrets sweep over what profiles and OAuth 2 write and show: profile files, the token file,
/// `profile show` (text and `--json`), `curl`, verbose heads and the token endpoint's error lines.
@Suite struct ProfileSecretsEndToEndTests {
    @Test func noSecretOfAProfileOrAnOAuthClientShowsOrLandsWhereItShouldNot() throws {
        // GIVEN a session holding one secret of every kind, an OAuth 2 token fetched, then saved
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = try oauthLocator(server, in: home.root)
        let secrets = ["Ss1SweepBearer", "Ss2SweepKey", "Ss3SweepHeader", "Ss4SweepVariable", "demo-secret"]
        let session = try home.run([
            "--locator", locator,
            "-c", "auth bearer Ss1SweepBearer twit", "-c", "auth key key=Ss2SweepKey weather",
            "-c", "header X-Api-Key Ss3SweepHeader twit", "-c", "set my_token Ss4SweepVariable",
            "-c", "auth oauth2 client_id=demo-client client_secret=demo-secret secure",
            "-c", "verbose on", "-c", "get secure/protected", "-c", "curl", "-c", "auth show",
            "-c", "profile save sweep", "-c", "profile show sweep",
        ])
        #expect(session.status == 0, "\(session.stderr)")
        let tokenFile = try home.read(home.tokens)
        let access = try #require(tokenFile.range(of: #"demo-at-[0-9]+-[0-9]+"#, options: .regularExpression).map { String(tokenFile[$0]) })
        let shown = try home.run(["--json", "-c", "profile show sweep"])
        let failed = try home.run([
            "--locator", locator, "-c", "auth oauth2 \(server.baseURL)/oauth/token client_id=demo-client client_secret=Ss5WrongSecret secure",
            "-c", "verbose on", "-c", "get secure/protected",
        ])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("invalid_client"), "\(failed.stderr)")

        // THEN no secret is in any output, nor in the profile file; the token file holds the token only, 0600
        let outputs = [session.stdout, session.stderr, shown.stdout, shown.stderr, failed.stdout, failed.stderr]
        for secret in secrets + [access, "Ss5WrongSecret"] {
            for output in outputs { #expect(!output.contains(secret), "\(secret) in \(output)") }
            #expect(!(try home.read(home.profile("sweep"))).contains(secret), "\(secret) in the profile")
        }
        for secret in secrets { #expect(!tokenFile.contains(secret), "\(secret) in tokens.json") }
        #expect(try home.mode(home.tokens) == 0o600)
        #expect(try home.mode(home.credentials) == 0o600)
        // and the curl export names the token as a variable, so the command still runs
        #expect(session.stdout.contains("Authorization: Bearer ${APISH_BEARER}"), "\(session.stdout)")
        #expect(shown.stdout.contains("••• (in credentials.json)"))
    }

    @Test func aSecretWordAnywhereInANameKeepsItsValueOutOfOutputAndProfiles() throws {
        // GIVEN variables and a header named with a secret word that is not their last one
        let home = try ProfileHome()
        defer { home.remove() }
        let values = ["GITHUB_TOKEN_PROD": "ghpW1value", "DB_PASSWORD_2": "dbW2value", "token1": "tkW3value",
                      "API_KEY_2": "akW4value", "access_token_v2": "atW5value", "client_secret_prod": "csW6value"]
        var commands = values.sorted { $0.key < $1.key }.flatMap { ["-c", "set \($0.key) \($0.value)"] }
        commands += ["-c", "set max_tokens 400", "-c", "header X-Custom-Auth hdW7value", "-c", "vars", "-c", "profile save words"]
        // WHEN they are listed and saved
        let session = try home.run(commands)
        #expect(session.status == 0, "\(session.stderr)")
        // THEN no value shows or lands in the profile, while a count stays visible
        let profile = try home.read(home.profile("words"))
        for secret in Array(values.values) + ["hdW7value"] {
            #expect(!session.stdout.contains(secret), "\(secret) in \(session.stdout)")
            #expect(!session.stderr.contains(secret), "\(secret) in \(session.stderr)")
            #expect(!profile.contains(secret), "\(secret) in the profile")
        }
        #expect(session.stdout.contains("400"), "\(session.stdout)")
    }
}
