import Foundation
import Testing

/// Golden transcripts (Tests/Transcripts): every `NAME.apish` is run by the built binary and its whole
/// stdout, stderr and exit status are compared with `NAME.out`, `NAME.err` and `NAME.status`.
///
/// `APISH_UPDATE_GOLDEN=1 swift test --filter TranscriptTests` (or `APISH_UPDATE_GOLDEN=1 scripts/test`)
/// records them from the current binary instead; review the result with `git diff Tests/Transcripts`.
@Suite struct TranscriptTests {
    static let rerecordHint = "record with: APISH_UPDATE_GOLDEN=1 swift test --filter TranscriptTests, then review git diff Tests/Transcripts"

    static var updating: Bool {
        ProcessInfo.processInfo.environment["APISH_UPDATE_GOLDEN"] == "1"
    }

    @Test(arguments: Transcript.allNames())
    func transcript(_ name: String) throws {
        // GIVEN a script and its golden files
        let transcript = try Transcript(name: name)

        // WHEN the built binary runs it
        let output = try transcript.run()

        // THEN stdout, stderr and the exit status are exactly the recorded ones
        if Self.updating {
            for pathExtension in Transcript.goldenExtensions {
                try output.text(for: pathExtension).write(to: transcript.goldenURL(pathExtension), atomically: true, encoding: .utf8)
            }
            return
        }
        for pathExtension in Transcript.goldenExtensions {
            let url = transcript.goldenURL(pathExtension)
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("\(name).\(pathExtension) is missing; \(Self.rerecordHint)")
                continue
            }
            if let diff = LineDiff.unified(
                expected: expected, actual: output.text(for: pathExtension),
                expectedLabel: "Tests/Transcripts/\(name).\(pathExtension) (golden)",
                actualLabel: "\(name).\(pathExtension) (this run)") {
                Issue.record("\(name).\(pathExtension) differs from the golden file; if the change is intended, \(Self.rerecordHint)\n\(diff)")
            }
        }
    }

    @Test func thereAreTranscripts() {
        #expect(!Transcript.allNames().isEmpty, "no .apish files found in \(Transcript.directory.path)")
    }

    /// A golden file whose script was renamed or removed would otherwise lie there unnoticed.
    @Test func everyGoldenFileHasItsScript() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Transcript.directory.path)
        let scripts = Set(Transcript.allNames())
        let orphans = files.filter { file in
            let url = URL(fileURLWithPath: file)
            return Transcript.goldenExtensions.contains(url.pathExtension)
                && !scripts.contains(url.deletingPathExtension().lastPathComponent)
        }
        #expect(orphans.isEmpty, "golden files without a .apish beside them (delete them): \(orphans.sorted())")
    }
}

extension TranscriptTests {
    /// The harness's own parts, which the transcripts rely on to fail when they should (nested, so that
    /// `--filter TranscriptTests` runs them too).
    @Suite struct Harness {
        @Test func theDemoPortTimesAndDurationsBecomePlaceholders() throws {
            let now = try #require(ISO8601DateFormatter().date(from: "2025-11-30T15:43:00Z"))
            let normalizer = TranscriptNormalizer(demoPort: 41234, now: now)
            let text = """
                apish: embedded demo API at http://127.0.0.1:41234 (no --locator given)
                GET http://localhost:41234/x · 127.0.0.1%3A41234 · help shows http://127.0.0.1:8080/echo
                timing: dns 0.0 ms · first byte 12.3 ms · total 1.25 s · timed out after 500 ms
                {"timing":{"dns":0.035,"connect":0,"total":4.5e-1,"reused":true},"v":1.5}
                at 2025-11-30T15:43:00Z and 2025-12-01 15:43:00.123+01:00, 15:43:07 on 2025-11-29
                fixture data: updated 2025-06-01T12:00:00Z, sunset 2027-06-30
                """
            #expect(normalizer.normalize(text) == """
                apish: embedded demo API at http://127.0.0.1:{PORT} (no --locator given)
                GET http://localhost:{PORT}/x · 127.0.0.1%3A{PORT} · help shows http://127.0.0.1:8080/echo
                timing: dns {MS} · first byte {MS} · total {S} · timed out after 500 ms
                {"timing":{"dns":{MS},"connect":{MS},"total":{MS},"reused":true},"v":1.5}
                at {DATE}T{TIME} and {DATE} {TIME}, {TIME} on {DATE}
                fixture data: updated 2025-06-01T12:00:00Z, sunset 2027-06-30
                """)
        }

        @Test func thePathsOfTheRunBecomePlaceholders() {
            let normalizer = TranscriptNormalizer(paths: [("/tmp/h", "{HOME}"), ("/tmp/h/x", "{X}")])
            #expect(normalizer.normalize("/tmp/h/x/a /tmp/h/state") == "{X}/a {HOME}/state")
        }

        @Test func withoutAKnownPortEveryLoopbackPortIsMasked() {
            #expect(TranscriptNormalizer().normalize("http://127.0.0.1:8080/a 127.0.0.1:1") == "http://127.0.0.1:{PORT}/a 127.0.0.1:{PORT}")
        }

        @Test func theEmbeddedDemoPortIsReadFromStandardError() {
            let stderr = "apish: embedded demo API at http://127.0.0.1:39425 (no --locator given)\n"
            #expect(TranscriptNormalizer.embeddedDemoPort(inStandardError: stderr) == 39425)
            #expect(TranscriptNormalizer.embeddedDemoPort(inStandardError: "other\n") == nil)
        }

        @Test func aMaskReplacesItsGroupsOrItsWholeMatch() {
            let normalizer = TranscriptNormalizer(masks: [#"Price +(\S+)"#, "-?[0-9.]+%"])
            #expect(normalizer.normalize("Price   $532.70\nChange  -2.44%\n") == "Price   {MASKED}\nChange  {MASKED}\n")
        }

        @Test func directivesAreReadFromTheLeadingComments() throws {
            let directives = try Directives(script: """
                # A comment: with a colon is just a comment
                # args: --json --timeout 0.5
                # env: APISH_DEMO_FAULTS=1 A=b=c
                # locator: services-real.json
                # mask: x(y)

                services
                # args: --not-a-directive
                """)
            #expect(directives.arguments == ["--json", "--timeout", "0.5"])
            #expect(directives.environment == ["APISH_DEMO_FAULTS": "1", "A": "b=c"])
            #expect(directives.locator == "services-real.json")
            #expect(directives.masks == ["x(y)"])
            #expect(directives.wantsFaults)
            #expect(throws: Directives.Invalid.self) { try Directives(script: "# env: NOEQUALS\n") }
        }

        @Test func aDiffShowsTheFirstDifferingLinesWithContext() {
            let diff = LineDiff.unified(expected: "a\nb\nc\nd\n", actual: "a\nb\nX\nd\n", expectedLabel: "golden", actualLabel: "run", context: 1)
            #expect(diff == """
                --- golden
                +++ run
                @@ -2,3 +2,3 @@
                 b
                -c
                +X
                 d
                """)
            #expect(LineDiff.unified(expected: "same\n", actual: "same\n", expectedLabel: "", actualLabel: "") == nil)
            #expect(LineDiff.unified(expected: "a\n", actual: "a", expectedLabel: "g", actualLabel: "r")?.contains("(no newline at end)") == true)
        }
    }
}
