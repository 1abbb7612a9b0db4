import DemoServer
import Foundation

/// What running a transcript produced, already normalised (see `TranscriptNormalizer`).
struct TranscriptOutput: Equatable {
    var stdout: String
    var stderr: String
    /// The exit status with a newline, as `NAME.status` holds it.
    var status: String

    /// The text recorded in (or expected from) the golden file with this extension.
    func text(for pathExtension: String) -> String {
        switch pathExtension {
        case "out": stdout
        case "err": stderr
        default: status
        }
    }
}

extension Transcript {
    /// The width every transcript is run at, so wrapping does not depend on who runs the tests.
    static let columns = "100"
    /// Longer than any transcript should take; a hang fails the case instead of the whole run.
    static let timeout: TimeInterval = 60

    /// Runs `apish --no-color ARGS NAME.apish` in `Tests/Transcripts` with a small, fixed environment: HOME
    /// and XDG_STATE_HOME in a fresh temporary directory, COLUMNS=100, TZ=UTC, a UTF-8 locale, plus the
    /// transcript's `# env:`. Without `# locator:` apish starts its embedded demo; with one, a demo server
    /// of our own serves it, and `$APISH_DEMO_URL` is its root.
    func run() throws -> TranscriptOutput {
        let home = NSTemporaryDirectory() + "apish-transcript-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }

        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home,
            "XDG_STATE_HOME": home + "/state",
            "COLUMNS": Self.columns,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
        ]
        var arguments = ["--no-color"]
        var server: DemoServer?
        defer { server?.stop() }
        if let locator = directives.locator {
            let started = DemoServer(configuration: DemoServerConfiguration(faults: directives.wantsFaults))
            try started.start()
            server = started
            environment["APISH_DEMO_URL"] = started.baseURL
            // For the same server under another host name (`http://localhost:$env.APISH_DEMO_PORT`).
            environment["APISH_DEMO_PORT"] = String(started.port)
            arguments += ["--locator", started.baseURL + "/" + locator]
        }
        environment.merge(directives.environment) { _, transcript in transcript }
        arguments += directives.arguments + [scriptFileName]

        let result: Apish.Result
        do {
            result = try Apish.execute(arguments, environment: environment, stdin: nil, directory: Self.directory,
                                       timeout: Transcript.timeout)
        } catch is Apish.TimedOut {
            throw TimedOut(name: name)
        }
        var normalizer = TranscriptNormalizer(masks: directives.masks)
        normalizer.paths = [(home, "{HOME}"), (Self.directory.path, "{TRANSCRIPTS}")]
        normalizer.demoPort = server.map { Int($0.port) }
            ?? TranscriptNormalizer.embeddedDemoPort(inStandardError: result.stderr)
        return TranscriptOutput(stdout: normalizer.normalize(result.stdout),
                                stderr: normalizer.normalize(result.stderr),
                                status: "\(result.status)\n")
    }

    struct TimedOut: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name).apish did not finish within \(Int(Transcript.timeout)) s" }
    }
}
