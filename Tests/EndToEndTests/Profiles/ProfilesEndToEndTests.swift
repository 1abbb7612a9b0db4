import DemoServer
import Foundation
import Testing

/// Profiles across processes: one run saves, another restores, with the built binary and files on disk.
@Suite struct ProfilesEndToEndTests {
    @Test func aSavedSessionComesBackInAnotherProcess() throws {
        // GIVEN a session with a version, variables, headers and every kind of credential, saved
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = server.baseURL + "/services.json"
        let saved = try home.run([
            "--locator", locator,
            "-c", "use weather v1", "-c", "set city Boston", "-c", "set api_token Vv9SecretVariable",
            "-c", "header X-Trace demo", "-c", "auth bearer Bb7BearerSecret twit",
            "-c", "auth key key=Kk5KeySecret meetup", "-c", "header X-Api-Key Hh3HeaderSecret stockQuote",
            "-c", "auth oauth2 \(server.baseURL)/oauth/token client_id=demo-client client_secret=Cc1ClientSecret scope=read \(server.baseURL)/oauth",
            "-c", "timing on", "-c", "verbose on", "-c", "location 37.5 127.0", "-c", "profile save work",
        ])
        #expect(saved.status == 0, "\(saved.stderr)")

        // WHEN a new process starts from it
        let restored = try home.run([
            "--profile", "work", "--json", "-c", "services", "-c", "vars", "-c", "auth show", "-c", "header",
            "-c", "timing", "-c", "verbose", "-c", "location", "-c", "profile list",
        ])

        // THEN everything is back, secrets masked
        #expect(restored.status == 0, "\(restored.stderr)")
        let lines = restored.jsonLines
        #expect(lines.count == 8)
        let services = try #require(lines.first?["data"] as? [[String: Any]])
        let weather = try #require(services.first { ($0["name"] as? String) == "weather" })
        #expect(weather["active"] as? String == "v1")
        let variables = try #require(lines[1]["data"] as? [String: String])
        #expect(variables == ["city": "Boston", "api_token": "•••"])
        let credentials = try #require(lines[2]["data"] as? [String])
        #expect(credentials == [
            "bearer twit •••", "key meetup key=•••",
            "oauth2 \(server.baseURL)/oauth client_id=demo-client client_secret=••• token_url=\(server.baseURL)/oauth/token scope=read",
            "header X-Api-Key stockquote •••",
        ])
        let headers = try #require(lines[3]["data"] as? [String: String])
        #expect(headers == ["X-Trace": "demo", "X-Api-Key": "•••"])
        #expect((lines[4]["data"] as? [String: Bool]) == ["timing": true])
        #expect((lines[5]["data"] as? [String: Bool]) == ["verbose": true])
        #expect("\(lines[6]["data"] ?? "")".contains("37.5"))
        #expect((lines[7]["data"] as? [String: Any])?["active"] as? String == "work")

        // AND the secrets really work: the twit bearer token goes with a like (the API requires one)
        let liked = try home.run(["--profile", "work", "-c", "like t01"])
        #expect(liked.status == 0, "\(liked.stderr)")

        // AND the profile file holds no secret, only references; the secrets are in credentials.json, 0600
        let file = try home.read(home.profile("work"))
        for secret in ["Vv9SecretVariable", "Bb7BearerSecret", "Kk5KeySecret", "Hh3HeaderSecret", "Cc1ClientSecret"] {
            #expect(!file.contains(secret), "\(file)")
            #expect(try home.read(home.credentials).contains(secret))
        }
        #expect(file.contains(#""secret": "${secret.bearer.twit}""#))
        #expect(try home.mode(home.credentials) == 0o600)
        #expect(try home.mode(home.config + "/apish") == 0o700)
    }

    @Test func loginsAndCookiesComeBackInAnotherProcess() throws {
        // GIVEN a session with a Basic and a Digest login and a cookie the server set, saved
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let url = server.baseURL
        let saved = try home.run([
            "--locator", url + "/services.json",
            "-c", "auth basic ada:Pp1BasicSecret \(url)/basic-auth", "-c", "auth digest bob:Dd2DigestSecret \(url)/digest-auth",
            "-c", "get \(url)/cookies/set?theme=dark", "-c", "expect cookies.theme == dark", "-c", "profile save logins",
        ])
        #expect(saved.status == 0, "\(saved.stderr)")

        // WHEN another process starts from it THEN both logins authenticate and the cookie is sent again
        let restored = try home.run([
            "--profile", "logins", "-c", "auth show",
            "-c", "get \(url)/basic-auth/ada/Pp1BasicSecret", "-c", "expect authenticated == true",
            "-c", "get \(url)/digest-auth/auth/bob/Dd2DigestSecret", "-c", "expect user == bob",
            "-c", "get \(url)/cookies", "-c", "expect cookies.theme == dark",
        ])
        #expect(restored.status == 0, "\(restored.stderr)\n\(restored.stdout)")
        #expect(restored.stdout.contains("basic \(url)/basic-auth ada:•••"), "\(restored.stdout)")
        #expect(restored.stdout.contains("digest \(url)/digest-auth bob:•••"), "\(restored.stdout)")
        // AND the passwords are in credentials.json only, never in the profile
        let file = try home.read(home.profile("logins"))
        for secret in ["Pp1BasicSecret", "Dd2DigestSecret"] {
            #expect(!file.contains(secret), "\(file)")
            #expect(try home.read(home.credentials).contains(secret))
        }
    }

    @Test func aWiderCredentialsFileIsRefusedAsSshRefusesAKey() throws {
        // GIVEN a saved profile whose credentials.json was made readable by others
        let home = try ProfileHome()
        defer { home.remove() }
        let saved = try home.run(["-c", "auth bearer Ww2WideSecret twit", "-c", "profile save wide"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try home.mode(home.credentials) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: home.credentials)

        // WHEN it is used
        let refused = try home.run(["--profile", "wide", "-c", "auth show"])

        // THEN it is refused with one clear line saying how to fix it, and nothing leaks
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("credentials.json is readable by others (mode 0644)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("chmod 600"))
        #expect(!refused.stdout.contains("Ww2WideSecret") && !refused.stderr.contains("Ww2WideSecret"))
    }

    @Test func aProfileEditedByHandWithEnvironmentReferences() throws {
        // GIVEN a profile written by hand: a version, a variable, a header and a bearer token from ${env.…}
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: home.config + "/apish/profiles", withIntermediateDirectories: true)
        try """
        {
          "locator": "\(server.baseURL)/services.json",
          "versions": {"weather": "v1", "stockQuote": "latest"},
          "variables": {"city": "Seoul", "gh": "${env.E2E_GITHUB_TOKEN}"},
          "headers": {"X-Trace": "by-hand"},
          "credentials": [{"kind": "bearer", "scope": "twit", "secret": "${env.E2E_GITHUB_TOKEN}"}]
        }
        """.write(toFile: home.profile("hand"), atomically: true, encoding: .utf8)

        // WHEN it is used with the variable set (and no locator on the command line: the profile's is used)
        let used = try home.run(["-c", "profile use hand", "-c", "services", "-c", "vars", "-c", "like t02", "-c", "auth show"],
                                ["APISH_PROFILE": "hand", "E2E_GITHUB_TOKEN": "Ee4EnvSecret"])

        // THEN it works, the secret is masked, and saving again keeps the reference rather than the secret
        #expect(used.status == 0, "\(used.stderr)")
        #expect(used.stdout.contains("weather     v1"), "\(used.stdout)")
        #expect(used.stdout.contains("gh    •••"), "\(used.stdout)")
        #expect(!used.stdout.contains("Ee4EnvSecret"))
        let resaved = try home.run(["-c", "profile save hand"], ["APISH_PROFILE": "hand", "E2E_GITHUB_TOKEN": "Ee4EnvSecret"])
        #expect(resaved.status == 0, "\(resaved.stderr)")
        let file = try home.read(home.profile("hand"))
        #expect(file.contains(#""secret": "${env.E2E_GITHUB_TOKEN}""#), "\(file)")
        #expect(!file.contains("Ee4EnvSecret"))
        #expect(!((try? home.read(home.credentials)) ?? "").contains("Ee4EnvSecret"))

        // AND without the variable the profile is one clear error, naming it
        let missing = try home.run(["--profile", "hand", "-c", "vars"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("E2E_GITHUB_TOKEN is not set"), "\(missing.stderr)")
    }

    @Test func aProfileThatCannotBeParsedIsOneErrorAndIsBackedUpBeforeASave() throws {
        let home = try ProfileHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.config + "/apish/profiles", withIntermediateDirectories: true)
        try #"{"versions": {"weather": "v1"},"#.write(toFile: home.profile("broken"), atomically: true, encoding: .utf8)

        let used = try home.run(["-c", "profile use broken"])
        #expect(used.status == 1)
        #expect(used.stderr.contains("cannot use profile broken"), "\(used.stderr)")
        #expect(used.stderr.split(separator: "\n").filter { $0.contains("broken") }.count == 1)

        let saved = try home.run(["-c", "profile save broken"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.contains("could not be parsed; kept it as"), "\(saved.stdout)")
        #expect(try home.read(home.profile("broken") + ".bak") == #"{"versions": {"weather": "v1"},"#)
    }

    @Test func autosaveSavesTheProfileInUseWhenTheSessionEnds() throws {
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = server.baseURL + "/services.json"
        #expect(try home.run(["--locator", locator, "-c", "profile save auto"]).status == 0)
        // Off by default: a change is not kept.
        #expect(try home.run(["--locator", locator, "--profile", "auto", "-c", "set a 1"]).status == 0)
        #expect(try home.run(["--locator", locator, "--profile", "auto", "-c", "vars"]).stdout.contains("(no variables)"))
        // On: the change of the next session is kept when it ends.
        #expect(try home.run(["--locator", locator, "--profile", "auto", "-c", "profile autosave on"]).status == 0)
        #expect(try home.run(["--locator", locator, "--profile", "auto", "-c", "set b 2", "-c", "use weather v1"]).status == 0)
        let after = try home.run(["--locator", locator, "--profile", "auto", "-c", "vars", "-c", "services"])
        #expect(after.stdout.contains("b  2"), "\(after.stdout)")
        #expect(after.stdout.contains("*  weather     v1"), "\(after.stdout)")
        // And it is deleted with its secrets.
        let deleted = try home.run(["--locator", locator, "-c", "profile delete auto", "-c", "profile list"])
        #expect(deleted.stdout.contains("no profiles"), "\(deleted.stdout)")
    }

    @Test func anEnvFileFillsVariablesAndItsCredentialsAreSecrets() throws {
        let home = try ProfileHome()
        defer { home.remove() }
        let path = home.root + "/.env"
        try """
        # a comment
        export CITY=Boston
        GITHUB_TOKEN="Gg8EnvFileSecret"   # trailing comment
        GREETING='hello # not a comment'
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try home.run(["--env", path, "-c", "vars", "-c", "env load \(path)", "-c", "refresh weather city==$CITY"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("CITY          Boston"), "\(result.stdout)")
        #expect(result.stdout.contains("GITHUB_TOKEN  •••"))
        #expect(result.stdout.contains("GREETING      hello # not a comment"))
        #expect(result.stdout.contains("3 variables from \(path) (secret: GITHUB_TOKEN)"))
        #expect(result.stdout.contains("Boston"))
        #expect(!result.stdout.contains("Gg8EnvFileSecret") && !result.stderr.contains("Gg8EnvFileSecret"))
    }
}
