import Foundation
import Testing

/// Bodies from files and heredocs, output into pipes and files, and stdout on a pipe, through the built
/// binary against a demo server of the test's own.
@Suite struct PipesAndFilesEndToEndTests {
    private static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    private static let pngEnd = Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])

    private func run(_ commands: [String], in directory: String, server: String) throws -> Apish.Result {
        try Apish.run(["--no-color", "--locator", server + "/services.json"] + commands.flatMap { ["-c", $0] },
                      directory: directory)
    }

    @Test func aPipeGetsTheBodyAndItsCommandRunsAsTyped() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // WHEN the NDJSON route is piped into grep, with a variable that apish must not expand
        let result = try run(["set x 1", "get \(server.baseURL)/media/ndjson | grep \"$HOME_MARK\" || grep adopted"],
                             in: folder, server: server.baseURL)

        // THEN grep saw the body's lines (the shell expanded $HOME_MARK, empty, so the first grep matched all)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("{\"id\":3,\"event\":\"adopted\",\"pet\":\"Rex\",\"by\":\"Ada\"}\n"), "\(result.stdout)")
        #expect(result.stdout.contains("{\"id\":1,"))
        #expect(result.stderr.contains("HTTP/1.1 200 OK\n"))
    }

    @Test func aFailingPipeFailsTheLineAndAnExitedReaderIsNoError() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failed = try run(["get \(server.baseURL)/media/xml | grep -q nothing-like-this"], in: folder, server: server.baseURL)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("-c:1: | grep -q nothing-like-this: exited with status 1\n"), "\(failed.stderr)")

        // A reader that stops early (head) closes the pipe: the rest goes nowhere, and apish carries on.
        let early = try run(["get \(server.baseURL)/faults/huge/2 | head -c 10", "get \(server.baseURL)/media/xml"],
                            in: folder, server: server.baseURL)
        #expect(early.status == 0, "\(early.stderr)")
        #expect(early.stdout.hasSuffix("<pet id=\"1\"><name>Rex</name><species>dog</species></pet>\n"), "\(early.stdout.prefix(200))")
        #expect(early.stdout.utf8.count == 10 + "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<pet id=\"1\"><name>Rex</name><species>dog</species></pet>\n".utf8.count)
    }

    @Test func filesGetTheExactBytesAndAppendAdds() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // WHEN a PNG is saved, saved again by show --raw, sent back through the echo route, and XML appended
        let result = try run([
            "get \(server.baseURL)/media/png > img.png",
            "show --raw > again.png",
            "post \(server.baseURL)/media/echo @img.png > back.png",
            "get \(server.baseURL)/media/xml > notes.xml",
            "get \(server.baseURL)/media/xml >> notes.xml",
            "help get > help.txt",
        ], in: folder, server: server.baseURL)

        // THEN every file holds the bytes as they came, binary included
        #expect(result.status == 0, "\(result.stderr)")
        let image = try Data(contentsOf: URL(fileURLWithPath: folder + "/img.png"))
        #expect(image.count == 3172)
        #expect(image.prefix(8) == Self.pngSignature && image.suffix(8) == Self.pngEnd)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/again.png")) == image)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/back.png")) == image)
        let xml = try String(contentsOfFile: folder + "/notes.xml", encoding: .utf8)
        #expect(xml.components(separatedBy: "<?xml").count == 3)
        // Another command writes its text, uncoloured.
        let help = try String(contentsOfFile: folder + "/help.txt", encoding: .utf8)
        #expect(help.hasPrefix("usage: get TARGET"), "\(help)")
        // Nothing of the bodies reached stdout.
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test func stdoutOnAPipeIsTheBodyAloneSoJQWorks() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let result = try Apish.run(["--locator", server.baseURL + "/services.json", "-c", "get weather city==Boston"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["city"] as? String == "Boston")
        #expect(result.stderr.contains("HTTP/1.1 200 OK\n"))
    }

    @Test func stdoutOnAPipeGetsTheBodyExactlyAndALaterOutputStartsOnItsOwnLine() throws {
        // GIVEN the bytes the server sends for a request (no final newline)
        let server = try startDemoServer()
        defer { server.stop() }
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-s", "--max-time", "5", server.baseURL + "/weather/v2?city=Boston"]
        let pipe = Pipe()
        curl.standardOutput = pipe
        try curl.run()
        let sent = pipe.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        #expect(sent.last != UInt8(ascii: "\n"))
        // WHEN apish's only command is that request, on a pipe / THEN stdout is those bytes, nothing added
        let one = try Apish.run(["--locator", server.baseURL + "/services.json", "-c", "get weather city==Boston"])
        #expect(Data(one.stdout.utf8) == sent, "\(one.stdout)")
        // AND a second command's output starts on a line of its own
        let two = try Apish.run(["--locator", server.baseURL + "/services.json", "-c", "get weather city==Boston", "-c", "services"])
        #expect(two.stdout.hasPrefix(String(decoding: sent, as: UTF8.self) + "\n"), "\(two.stdout)")
    }

    @Test func aTableOnAPipeIsNotPaddedOutToItsLongestCell() throws {
        // GIVEN a description with one very long path and one short one
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = "/b/" + String(repeating: "x", count: 600)
        try #"""
        {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "servers": [{"url": "http://127.0.0.1:9"}],
         "paths": {"/a": {"get": {"operationId": "getA", "summary": "short one", "responses": {"200": {"description": "ok"}}}},
                   "\#(long)": {"get": {"operationId": "getB", "summary": "long one", "responses": {"200": {"description": "ok"}}}}}}
        """#.write(toFile: folder + "/long.json", atomically: true, encoding: .utf8)
        // WHEN its operations are listed on a pipe
        let result = try Apish.run(["--no-color", "--locator", folder + "/long.json", "-c", "ops"])
        #expect(result.status == 0, "\(result.stderr)")
        // THEN the short operation's line is not padded to the long path, and every cell is whole
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("getA") })
        #expect(line.count < 200, "\(line.count) columns: \(line)")
        #expect(result.stdout.contains(long))
        #expect(!result.stdout.split(separator: "\n").contains { $0.hasSuffix(" ") })
    }

    @Test func secretsAreMaskedOnAPipeAndKeptInAFileTheUserNamed() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let token = "tok-9d8f7e6a5b4c"
        let result = try run([
            "auth bearer \(token) \(server.baseURL)",
            "get \(server.baseURL)/echo | cat",
            "get \(server.baseURL)/echo > saved.json",
        ], in: folder, server: server.baseURL)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains(token) && result.stdout.contains("Bearer •••"), "\(result.stdout)")
        let saved = try String(contentsOfFile: folder + "/saved.json", encoding: .utf8)
        #expect(saved.contains("Bearer \(token)"))
    }

    @Test func bodiesFromFilesAndTheirContentTypes() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("[1,2,{\"a\":\"b\"}]".utf8).write(to: URL(fileURLWithPath: folder + "/list.json"))
        try Data("two\nlines".utf8).write(to: URL(fileURLWithPath: folder + "/note.txt"))
        try Data("<a/>".utf8).write(to: URL(fileURLWithPath: folder + "/page.xml"))
        let echo = server.baseURL + "/echo"
        let result = try Apish.run([
            "--json", "--locator", server.baseURL + "/services.json",
            "-c", "post \(echo) < list.json", "-c", "put \(echo) @page.xml",
            "-c", "post \(echo) data:=@list.json note=@note.txt",
            "-c", "post \(echo) Content-Type:application/json name=Rex",
            "-c", "post \(echo) < page.xml Content-Type:text/xml",
        ], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let data = result.jsonLines.map { $0["data"] as? [String: Any] ?? [:] }
        #expect(data.count == 5)
        func type(_ index: Int) -> String? { (data[index]["headers"] as? [String: Any])?["content-type"] as? String }
        #expect(type(0) == "application/json" && data[0]["body"] as? String == "[1,2,{\"a\":\"b\"}]")
        #expect(type(1) == "application/xml" && data[1]["body"] as? String == "<a/>")
        #expect(type(2) == "application/json")
        #expect(data[2]["body"] as? String == #"{"data":[1,2,{"a":"b"}],"note":"two\nlines"}"#)
        #expect(type(3) == "application/json" && data[3]["body"] as? String == #"{"name":"Rex"}"#)
        #expect(type(4) == "text/xml")
    }

    @Test func anUnreadableFileIsOneErrorLine() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try run(["post \(server.baseURL)/echo < missing.json", "post \(server.baseURL)/echo x:=@."],
                             in: folder, server: server.baseURL)
        #expect(result.status == 1)
        #expect(result.stderr == "-c:1: cannot read missing.json: no such file\n-c:2: cannot read .: is a directory\n",
                "\(result.stderr)")
    }

    @Test func aBodyFileLargerThanTheCapIsRefused() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(count: 2 << 20).write(to: URL(fileURLWithPath: folder + "/big.bin"))
        let result = try Apish.run(["--max-body", "1", "--locator", server.baseURL + "/services.json",
                                    "-c", "post \(server.baseURL)/echo @big.bin"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("-c:1: cannot read big.bin: larger than 1 MiB\n"), "\(result.stderr)")
    }

    @Test func aHeredocInAScriptIsOneBodyAndCountsItsLines() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/h.apish"
        try Data("""
            post $env.APISH_DEMO_URL/echo <<EOF
            [
              {"name": "Rex"},
              2
            ]
            EOF
            expect json[1] == 2
            expect count json == 2
            expect json[0].name == Tom

            """.utf8).write(to: URL(fileURLWithPath: script))
        let result = try Apish.run(["--no-color", "--locator", server.baseURL + "/services.json", script],
                                   environment: ["APISH_DEMO_URL": server.baseURL])
        #expect(result.status == 1)
        #expect(result.stderr.contains("h.apish:9: expected json[0].name == Tom"), "\(result.stderr)")
        #expect(!result.stderr.contains("h.apish:7") && !result.stderr.contains("h.apish:8"), "\(result.stderr)")
    }

    @Test func ctrlCStopsAPipesCommand() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Apish.binary)
        process.arguments = ["--locator", server.baseURL + "/services.json", "-c", "get \(server.baseURL)/media/xml | sleep 60"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Once the request is answered apish waits for sleep; the status line on stderr says it got there.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("HTTP/1.1 200 OK") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        process.interrupt()
        process.waitUntilExit()
        let rest = errors.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: seen + rest, as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("| sleep 60: interrupted"), "\(stderr)")
    }
}
