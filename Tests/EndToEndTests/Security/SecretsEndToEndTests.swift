import DemoServer
import Foundation
import Testing

/// Secrets never reach any output channel in the clear: stdout, stderr, reports, whatever printed them.
@Suite struct SecretsEndToEndTests {
    @Test func aReflectedSecretIsMaskedInTextVerboseLetAndReports() throws {
        // GIVEN a server that reflects credentials in a text body and echoes them as JSON
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let junit = folder + "/r.xml", tap = folder + "/r.tap"
        let secret = "Zz9LeakMe7secret"
        let result = try Apish.run([
            "--locator", server.baseURL + "/services.json", "--report", "junit", junit, "--report", "tap", tap,
            "-c", "auth bearer \(secret) \(server.baseURL)/faults",
            "-c", "verbose on",
            "-c", "get \(server.baseURL)/faults/reflect",
            "-c", "verbose off",
            "-c", "auth bearer \(secret) \(server.baseURL)/echo",
            "-c", "get \(server.baseURL)/echo",
            "-c", "let a = headers.authorization",
            "-c", "expect headers.authorization == nothing",
        ])
        // THEN it shows nowhere: not in the reflected text, verbose, the captured variable, nor the failed expect
        #expect(result.stdout.contains("•••"))
        for channel in [result.stdout, result.stderr, try String(contentsOfFile: junit, encoding: .utf8),
                        try String(contentsOfFile: tap, encoding: .utf8)] {
            #expect(!channel.contains(secret), "\(channel)")
        }
        // and the failing expect did report (so the secret had a chance to leak there)
        #expect(result.stderr.contains("expect"), "\(result.stderr)")
    }

    @Test func aLocatorNameWithEscapesCannotDriveTheTerminal() throws {
        // GIVEN a locator whose bad entry names a service with a title-setting escape and a screen clear
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/evil.json"
        try #"{"services":[{"name":"x\u001b]0;pwned\u0007\u001b[2J","version":"not a version","url":"x"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Apish.run(["--locator", path, "-c", "services"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot parse locator"))
        #expect(!result.stderr.contains("\u{1B}"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{07}"))
    }
}
