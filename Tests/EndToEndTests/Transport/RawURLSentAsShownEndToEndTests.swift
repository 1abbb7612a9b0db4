import Foundation
import Testing
import Loopback

/// A raw request's URL is sent as typed, dot segments and all, as `call`'s is: the URL in `--json` and in
/// the `curl` export is the request target the server received.
@Suite struct RawURLSentAsShownEndToEndTests {
    @Test func dotSegmentsOfATypedURLReachTheServerAsShown() throws {
        // GIVEN a loopback server
        let server = try RecordingServer()
        defer { server.stop() }
        let target = "/api/v1/items/%2E%2E?x=%2e%2e"

        // WHEN a raw get of a URL with encoded dot segments is sent, then exported
        let run = try Apish.run(["--json", "-c", "get \(server.url(target))", "-c", "curl"])

        // THEN the server received the path shown, and the export sends it the same way
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.requestTargets == [target])
        #expect(run.jsonLines.first?["url"] as? String == server.url(target))
        let export = (run.jsonLines.last?["data"] as? [String: Any])?["curl"] as? String ?? ""
        #expect(export.contains("--path-as-is"), "\(export)")
    }
}
