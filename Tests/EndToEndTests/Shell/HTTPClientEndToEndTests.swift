import DemoServer
import Foundation
import TestSupport
import Testing

/// Headers, cookies, Basic and Digest, and paging, with the built binary: against the demo server, and
/// against a real httpbin on loopback when one is installed (`scripts/setup`).
@Suite struct HTTPClientEndToEndTests {
    @Test func basicAndDigestLoginsAuthenticateAndTheirPasswordIsMaskedEverywhere() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let url = server.baseURL
        let password = "Pa55-w0rd-x"
        for json in [false, true] {
            let result = try Apish.run((json ? ["--json"] : []) + ["--locator", url + "/services.json",
                "-c", "auth basic ada:\(password) \(url)", "-c", "get \(url)/basic-auth/ada/\(password)",
                "-c", "expect authenticated == true", "-c", "curl",
                "-c", "auth digest ada:\(password) \(url)", "-c", "verbose on", "-c", "get \(url)/digest-auth/auth/ada/\(password)",
                "-c", "expect user == ada", "-c", "curl", "-c", "auth show"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains(password) && !result.stderr.contains(password), "\(result.stdout)")
            #expect(!result.stdout.contains(Data("ada:\(password)".utf8).base64EncodedString()))
            #expect(result.stdout.contains(#"-u \"ada:${APISH_PASSWORD}\" --digest"#) || result.stdout.contains(#"-u "ada:${APISH_PASSWORD}" --digest"#),
                    "\(result.stdout)")
            // On a pipe a request's head (verbose) goes to stderr with its status line; the body to stdout.
            #expect(result.stderr.contains("Authorization: Digest •••") || json, "\(result.stderr)")
        }
    }

    @Test func aLoginStaysInItsScope() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let url = server.baseURL
        // A login for localhost is not sent to 127.0.0.1.
        let result = try Apish.run(["--locator", url + "/services.json",
            "-c", "auth basic ada:s3cret-pw http://localhost:\(server.port)", "-c", "get \(url)/basic-auth/ada/s3cret-pw"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("401"), "\(result.stderr)")
    }

    @Test func withoutATerminalAMissingPasswordIsAClearError() throws {
        let result = try Apish.run(["-c", "auth basic ada", "-c", "auth show"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("auth basic: give the password as USER:PASSWORD"), "\(result.stderr)")
        #expect(result.stdout.contains("no credentials"))
    }

    @Test func aRecordingWithALoginReplaysWhenThePasswordIsInTheEnvironment() throws {
        // GIVEN a recording of a Basic login, a request whose path holds the password, and a credential header
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = server.baseURL, file = folder + "/login.apish", password = "rec0rd-pw"
        let recorded = try Apish.run(["--locator", url + "/services.json", "-c", "record start",
            "-c", "auth basic ada:\(password) \(url)", "-c", "get \(url)/basic-auth/ada/\(password)",
            "-c", "header Authorization 'Basic YWRhOnJlYzByZC1wdw==' weather", "-c", "record save \(file)"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let script = try String(contentsOfFile: file, encoding: .utf8)
        // THEN the password is a reference wherever it was, and the header kept its scheme and scope
        #expect(!script.contains(password))
        #expect(script.contains("auth basic ada:${env.APISH_PASSWORD:-redacted} \(url)\n"), "\(script)")
        #expect(script.contains("get \(url)/basic-auth/ada/${env.APISH_PASSWORD:-redacted}\n"))
        #expect(script.contains("header Authorization Basic ${env.APISH_SECRET:-redacted} weather\n"))
        // and it replays with the variable set
        let replay = try Apish.run(["--locator", url + "/services.json", file], environment: ["APISH_PASSWORD": password])
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    @Test func headersAreCapturedAndChecked() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let url = server.baseURL
        let result = try Apish.run(["--locator", url + "/services.json",
            "-c", "get \(url)/echo X-Reply:abc", "-c", "let t = header content-type", "-c", "let h = headers.x-reply",
            "-c", "vars", "-c", "expect header Content-Type == application/json", "-c", "expect header content-length exists",
            "-c", "expect header Content-Type matches '^text/'"])
        // `headers.x-reply` is the echo's body member, not a header
        #expect(result.stdout.contains("t = application/json"))
        #expect(result.stdout.contains("h = abc"), "\(result.stdout)")
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"-c:7: expected header Content-Type matches ^text/, got "application/json""#), "\(result.stderr)")
    }

    // MARK: httpbin

    @Test(.enabled(if: HTTPBin.isInstalled, "httpbin and gunicorn are not installed (scripts/setup installs them)"))
    func againstARealHTTPBin() throws {
        let httpbin = try HTTPBin()
        defer { httpbin.stop() }
        let url = httpbin.baseURL
        let result = try Apish.run([
            "-c", "get \(url)/cookies/set?theme=dark", "-c", "expect cookies.theme == dark", "-c", "cookies",
            "-c", "auth basic ada:hb-s3cret \(url)", "-c", "get \(url)/basic-auth/ada/hb-s3cret", "-c", "expect authenticated == true",
            "-c", "auth digest ada:hb-s3cret \(url)", "-c", "get \(url)/digest-auth/auth/ada/hb-s3cret", "-c", "expect user == ada",
            "-c", "get \(url)/response-headers?X-Next=abc", "-c", "expect header X-Next == abc", "-c", "let n = header x-next",
            "-c", "verbose on", "-c", "get \(url)/redirect/2", "-c", "verbose off",
            "-c", "get \(url)/links/3/0", "-c", "expect status 200",
        ])
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        #expect(!result.stdout.contains("hb-s3cret") && !result.stderr.contains("hb-s3cret"))
        #expect(result.stdout.contains("n = abc"))
        // The redirect hops of `verbose` are the request's head: on a pipe they go to stderr.
        #expect(result.stderr.components(separatedBy: "< HTTP 302 FOUND").count == 3
                || result.stderr.components(separatedBy: "< HTTP 302 Found").count == 3, "\(result.stderr)")
    }
}

/// httpbin under gunicorn on a loopback port it picks, for one test.
struct HTTPBin {
    let process: Process
    let baseURL: String

    static let isInstalled: Bool = {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import httpbin, gunicorn"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    struct NotStarted: Error {}

    init() throws {
        let port = try Self.freePort()
        baseURL = "http://127.0.0.1:\(port)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The test process blocks SIGINT and SIGTERM in some threads (the demo server's), and a child inherits
        // the mask: gunicorn is started with them unblocked so that it can be stopped.
        let start = "import signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGTERM]); "
            + "sys.argv = ['gunicorn', '--bind', '127.0.0.1:\(port)', '--workers', '1', 'httpbin:app']; "
            + "from gunicorn.app.wsgiapp import run; run()"
        process.arguments = ["python3", "-c", start]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready when it answers.
        if eventually(within: 30, every: 0.2, { Self.answers(baseURL + "/get") }) { return }
        stop()
        throw NotStarted()
    }

    /// Whether `url` answers 200, asked with curl (Foundation's `Data(contentsOf:)` may wait forever).
    private static func answers(_ url: String) -> Bool {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-sf", "-o", "/dev/null", "--max-time", "2", url]
        curl.standardOutput = FileHandle.nullDevice
        curl.standardError = FileHandle.nullDevice
        guard (try? curl.run()) != nil else { return false }
        curl.waitUntilExit()
        return curl.terminationStatus == 0
    }

    /// A loopback port nothing listens on, as the kernel hands one out.
    private static func freePort() throws -> UInt16 {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        probe.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let port = UInt16(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw NotStarted() }
        return port
    }

    /// SIGINT: gunicorn's quick shutdown.
    func stop() {
        process.interrupt()
        if !eventually(within: 30, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// A large body under `--json` is written from its tape: the same data as the body itself.
@Suite struct LargeJSONBodyEndToEndTests {
    @Test func aLargeBodyUnderJSONIsTheBodyItself() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let url = server.baseURL + "/faults/huge/2"
        let result = try Apish.run(["--json", "-c", "get \(url)"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.jsonLines.first)
        let data = try #require(line["data"])
        // On a pipe, without --json, the body comes out as it came.
        let body = Data(try Apish.run(["-c", "get \(url)"]).stdout.utf8)
        let expected = try JSONSerialization.jsonObject(with: body)
        let got = try JSONSerialization.data(withJSONObject: data, options: [.sortedKeys])
        let want = try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys])
        #expect(got == want)
        #expect(body.count > 1 << 20)
        #expect(line["result"] as? String == "success")
    }
}
