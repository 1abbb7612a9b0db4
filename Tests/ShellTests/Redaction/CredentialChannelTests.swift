import DemoAPIs
import Facade
import Foundation
import HTTPClient
import HTTPTypes
import JSON
@testable import Shell
import Testing
@testable import Commands

/// A value under a credential-named member is masked in every channel by the rule the body display uses:
/// `curl` (as a reference that still runs), `let` (the captured value becomes a secret), `vars`, `expect`.
@Suite struct CredentialChannelTests {
    private func makeShell(json: Bool = false) throws -> DemoShell {
        var options = ShellOptions()
        options.json = json
        options.width = { 0 }
        return try DemoShell(options: options)
    }

    @Test func curlExportsJSONBodyCredentialsAsReferencesThatRun() throws {
        // GIVEN a JSON body with a password and a token was sent
        let shell = try makeShell()
        shell.postCredentials()
        // WHEN it is exported
        #expect(shell.engine.execute("curl"))
        // THEN both are references, the rest of the body is as sent, and no value is in clear
        let command = try #require(shell.output.output.split(separator: "\n").last(where: { $0.hasPrefix("curl ") }))
        #expect(command.contains(#"\"password\":\"${APISH_PASSWORD}\""#), "\(command)")
        #expect(command.contains(#"\"token\":\"${APISH_TOKEN}\""#))
        #expect(command.contains(#"\"name\":\"alice\""#))
        #expect(shell.output.output.contains("# export APISH_PASSWORD=…"))
        #expect(!shell.everything.contains("PWchan001") && !shell.everything.contains("TKchan002"), "\(shell.everything)")
    }

    @Test func aValueCapturedFromACredentialPathIsASecretOfTheSession() throws {
        // GIVEN the echoed body holds the token under `json.token`
        let shell = try makeShell()
        shell.postCredentials()
        // WHEN it is captured under a plain name, listed, and used in an argument
        #expect(shell.engine.execute("let b = json.token"))
        #expect(shell.engine.execute("let whole = json"))
        #expect(shell.engine.execute("vars"))
        #expect(shell.engine.execute("set shown $b"))
        // THEN the session knows it as a secret, and no output shows it
        #expect(shell.session.secretValues.contains("TKchan002"))
        #expect(shell.session.secretValues.contains("PWchan001"), "captured inside an object too")
        #expect(shell.session.variables["b"] == "TKchan002", "the variable holds the real value")
        #expect(shell.output.output.contains("b = •••"), "\(shell.output.output)")
        #expect(!shell.everything.contains("TKchan002") && !shell.everything.contains("PWchan001"), "\(shell.everything)")
        #expect(!shell.session.redactLine("set shown $b TKchan002").contains("TKchan002"))
    }

    @Test func aFailedExpectationShowsNoCredentialAndItsJSONNeither() throws {
        // GIVEN nothing was captured: the token is known only as a member of the response
        let shell = try makeShell(json: true)
        shell.postCredentials()
        // WHEN expectations on it fail and pass
        #expect(!shell.engine.execute("expect json.token == wrong"))
        #expect(!shell.engine.execute("expect json contains zzz"))
        #expect(shell.engine.execute("expect json.password exists"))
        // THEN the messages and the --json "actual" values are masked, and the comparison used the real value
        #expect(shell.engine.execute("expect json.token == TKchan002"))
        let lines = shell.output.output.split(separator: "\n").suffix(4).map { try? JSONValue.parse(String($0)) }
        #expect(lines[0]?["data"]?["actual"]?.stringValue == "•••")
        #expect(lines[0]?["error"]?.stringValue == #"expected json.token == wrong, got "•••""#)
        #expect(lines[1]?["data"]?["actual"]?["password"]?.stringValue == "•••")
        #expect(lines[2]?["data"]?["actual"]?.stringValue == "•••")
        // (the passing line typed the token itself: only its own line may show what was typed)
        let shown = shell.everything.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(!shown.contains("TKchan002") && !shown.contains("PWchan001"), "\(shown)")
    }
}

extension DemoShell {
    /// Posts a JSON body with a password and a token to /echo, which reflects it.
    fileprivate func postCredentials() {
        #expect(engine.execute("post \(server.baseURL)/echo name=alice password=PWchan001 token:='\"TKchan002\"' Content-Type:application/json"))
    }
}
