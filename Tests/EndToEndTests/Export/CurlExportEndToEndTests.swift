import DemoServer
import Foundation
import Testing

/// `curl` prints a command that runs as it is, secrets as environment references.
@Suite struct CurlExportEndToEndTests {
    /// Runs a shell command line with `bash -c`, returning the HTTP status curl saw.
    private func runCurl(_ command: String, environment: [String: String]) throws -> (status: String, body: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command + " -s -o /dev/stdout -w '\\n%{http_code}'"]
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (String(lines.last ?? ""), lines.dropLast().joined(separator: "\n"))
    }

    @Test func theExportedCommandRunsAndGetsTheSameStatus() throws {
        // GIVEN a like with a bearer token and an API-key header, exported as curl
        let server = try startDemoServer()
        defer { server.stop() }
        let result = try Apish.run([
            "--locator", server.baseURL + "/services.json",
            "-c", "auth bearer demo-token twit", "-c", "header X-Api-Key k-123 twit",
            "-c", "post twit/like/t02 note=hello", "-c", "curl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let command = try #require(lines.last { $0.hasPrefix("curl ") })
        // THEN no secret and no mask is in it, and comments say what to set
        #expect(!command.contains("demo-token") && !command.contains("k-123") && !command.contains("•••"), "\(command)")
        #expect(command.contains(#""Authorization: Bearer ${APISH_BEARER}""#), "\(command)")
        #expect(command.contains(#""X-Api-Key: ${APISH_X_API_KEY}""#), "\(command)")
        #expect(lines.contains { $0.hasPrefix("# export APISH_BEARER=") })
        // WHEN run with the variables set / THEN the server answers as it answered apish
        let run = try runCurl(command, environment: ["APISH_BEARER": "demo-token", "APISH_X_API_KEY": "k-123"])
        #expect(run.status == "200", "\(run)")
        #expect(run.body.contains("\"_id\":\"t02\""), "\(run.body)")
        // and without the token the same command is refused, as apish would be
        let unset = try runCurl(command, environment: ["APISH_BEARER": ""])
        #expect(unset.status == "401")
    }

    @Test func curlIsTheLastRequestSentWhateverTheCurrentService() throws {
        // GIVEN a refresh of the current service, then a raw request to another one
        let server = try startDemoServer()
        defer { server.stop() }
        let result = try Apish.run([
            "--locator", server.baseURL + "/services.json",
            "-c", "use stockQuote v2", "-c", "refresh", "-c", "get weather city==Seattle", "-c", "curl",
        ])
        // THEN the export is the weather request, the one sent last
        #expect(result.status == 0, "\(result.stderr)")
        let command = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        #expect(command.hasPrefix("curl "), "\(result.stdout)")
        #expect(command.contains("/weather/"), "\(command)")
        #expect(command.contains("city=Seattle"), "\(command)")
        #expect(!command.contains("/stock/"), "\(command)")
    }

    @Test func aURLWithBracketsAndBracesRunsAsExported() throws {
        // GIVEN a request whose query holds [] and {} as they are, exported as curl
        let server = try startDemoServer()
        defer { server.stop() }
        let url = server.baseURL + "/echo/list?filter[name]=ada&fields={id}&ids[]=1"
        let result = try Apish.run(["--locator", server.baseURL + "/services.json", "-c", "get \(url)", "-c", "curl"])
        #expect(result.status == 0, "\(result.stderr)")
        let command = try #require(result.stdout.split(separator: "\n").map(String.init).last { $0.hasPrefix("curl ") })
        #expect(command.hasPrefix("curl -g "), "\(command)")

        // WHEN real curl runs it / THEN it does not take them for globbing ranges, and the server got them
        let run = try runCurl(command, environment: [:])
        #expect(run.status == "200", "\(run)")
        let echoed = try JSONSerialization.jsonObject(with: Data(run.body.utf8)) as? [String: Any]
        #expect(echoed?["query"] as? [String: String] == ["filter[name]": "ada", "fields": "{id}", "ids[]": "1"], "\(run.body)")
    }

    @Test func aBodyFromAFileOrWithControlBytesIsExportedSoItRunsAsSent() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([0x7B, 0x00, 0x01, 0xFF, 0x27, 0x5C, 0x0A]).write(to: URL(fileURLWithPath: folder + "/data.bin"))
        try "post \(server.baseURL)/echo <<END\nred \u{1B}[31m it's a \\ quote\tand tab\nEND\ncurl\n"
            .write(toFile: folder + "/heredoc.apish", atomically: true, encoding: .utf8)
        // GIVEN a body sent from a file, and a heredoc body holding an escape, a quote and a backslash
        let file = try Apish.run(["-c", "post \(server.baseURL)/echo @data.bin", "-c", "curl"], directory: folder)
        let heredoc = try Apish.run(["heredoc.apish"], directory: folder)
        for (result, flag) in [(file, "--data-binary @data.bin"), (heredoc, "--data-binary $'")] {
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let command = try #require(lines.last { $0.hasPrefix("curl ") })
            // THEN the export names the file, or quotes the bytes ANSI-C style
            #expect(command.contains(flag), "\(command)")
            // AND run by bash, it sends what apish sent
            let sent = try #require(lines.first { $0.hasPrefix("{\"method\"") })
            let run = try runCurl("cd '\(folder)' && " + command, environment: [:])
            #expect(run.status == "200", "\(run)")
            let body: (String) throws -> String? = { text in
                (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["body"] as? String
            }
            #expect(try body(run.body) == (try body(sent)), "\(run.body)\n\(sent)")
        }
    }
}
