import Foundation
import Testing
import Loopback

/// `next` follows a next page over http(s) only: a server's `Link: <file://…>; rel="next"`, or a
/// `"next": "file://…"` in its body, is refused in one line, and the file is never read.
@Suite struct NextPageSchemeEndToEndTests {
    @Test(arguments: [true, false])
    func aNextPageOnThisMachineIsRefused(inTheLinkHeader: Bool) throws {
        // GIVEN a local file, and a loopback server whose answer names it as the next page
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/private.txt"
        try "Xq7-private-contents\n".write(toFile: file, atomically: true, encoding: .utf8)
        let server = try RecordingServer(
            body: inTheLinkHeader ? "{}" : #"{"next":"file://\#(file)"}"#,
            headers: inTheLinkHeader ? [#"Link: <file://\#(file)>; rel="next""#] : [])
        defer { server.stop() }

        // WHEN the page is fetched and then `next` asked for
        let result = try Apish.run(["-c", "get \(server.url("/page"))", "-c", "next"])

        // THEN next fails with one line naming the URL, and the file's contents are nowhere
        let source = inTheLinkHeader ? #"Link rel="next""# : "next"
        #expect(result.status == 1)
        // (Before it on stderr: the embedded demo API's notice and, on a pipe, the page's status line.)
        let nextLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("-c:2:") }
        #expect(nextLines == ["-c:2: next: the next page (from \(source)) is file://\(file), not an http(s) URL: refused"],
                "\(result.stderr)")
        #expect(result.stderr.hasSuffix("not an http(s) URL: refused\n"))
        #expect(!result.stdout.contains("Xq7-private-contents") && !result.stderr.contains("Xq7-private-contents"))
        #expect(server.requestTargets == ["/page"])
    }
}
