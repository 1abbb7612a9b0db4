import Foundation
import Loopback
import Testing

/// Data stays data: what apish merely guesses is a credential (a member's name, a value's shape) is never
/// masked on a pipe, in `--json` or in an `expect` message; what apish holds (here a variable's value) is.
@Suite struct LookalikeDataEndToEndTests {
    private static let held = "held-secret-9f3k"
    private static let body = #"""
        {"key":"mit","authorizations_url":"https://api.github.com/authorizations","checkout_session":"cs_123",\#
        "api_key":"sk_live_abcdef123","node_id":"MDc6TGljZW5zZTEz","note":"Authorization: Bearer abcdefgh",\#
        "echo":"\#(held)"}
        """#

    /// The served document with the held secret masked: what every channel must give.
    private static var expected: NSDictionary {
        let text = body.replacingOccurrences(of: held, with: "•••")
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary ?? [:]
    }

    @Test func aPipedBodyAndJSONKeepLookalikesAndMaskWhatIsHeld() throws {
        // GIVEN a server answering GitHub-like data with lookalikes and a secret the session holds in a variable
        let server = try RecordingServer(body: Self.body)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/licenses/mit"
        let held = ["-c", "set token \(Self.held)"]

        // WHEN the answer goes to a pipe, and then as --json
        let piped = try Apish.run(held + ["-c", "get \(url)"])
        let json = try Apish.run(["--json"] + held + ["-c", "get \(url)"])

        // THEN both are the served data, byte for byte as JSON, less the held secret
        #expect(piped.status == 0, "\(piped.stderr)")
        // (`set` says `token = •••` on the line before the body)
        let bodyText = piped.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let pipedBody = try JSONSerialization.jsonObject(with: Data(bodyText.utf8)) as? NSDictionary
        #expect(pipedBody == Self.expected, "\(piped.stdout)")
        let data = json.jsonLines.last?["data"] as? NSDictionary
        #expect(data == Self.expected, "\(json.stdout)")
        #expect(!piped.stderr.contains("reveal on"), "no hint off a terminal: \(piped.stderr)")
    }

    @Test func expectMessagesShowTheValueThatWasRead() throws {
        // GIVEN the same answer
        let server = try RecordingServer(body: Self.body)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/licenses/mit"

        // WHEN expectations on data and on a lookalike fail
        let run = try Apish.run(["-c", "get \(url)", "-c", "expect key == nope", "-c", "expect api_key == nope",
                                 "-c", "expect authorizations_url == nope"])

        // THEN each message names the value read
        #expect(run.stderr.contains(#"expected key == nope, got "mit""#), "\(run.stderr)")
        #expect(run.stderr.contains(#"expected api_key == nope, got "sk_live_abcdef123""#), "\(run.stderr)")
        #expect(run.stderr.contains(#"got "https://api.github.com/authorizations""#), "\(run.stderr)")
    }
}
