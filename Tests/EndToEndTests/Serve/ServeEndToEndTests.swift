import Foundation
import TestSupport
import Testing

/// `apish serve` as a user runs it: prints its URL, answers curl, stops cleanly on SIGINT and SIGTERM.
@Suite struct ServeEndToEndTests {
    /// Starts `apish serve ARGS` and returns the process and the URL it printed.
    func startServe(_ arguments: [String]) throws -> (Process, String, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Apish.binary)
        process.arguments = ["serve"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let match = text.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression)
        let url = match.map { String(text[$0]) } ?? ""
        return (process, url, output)
    }

    func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-s", "--max-time", "5"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func waitForExit(_ process: Process, seconds: Double = 30) -> Bool {
        eventually(within: seconds) { !process.isRunning }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func servesTheDemoAndStopsCleanlyOnASignal(_ signal: Int32) throws {
        let (process, url, _) = try startServe(["--port", "0"])
        defer { if process.isRunning { process.terminate() } }
        #expect(url.hasPrefix("http://127.0.0.1:"))
        #expect(try curl([url + "/weather/v2?city=austin"]).contains(#""city":"Austin""#))
        #expect(try curl([url + "/services.json"]).contains("stockQuote"))
        #expect(try curl(["-X", "POST", url + "/twit-api/like/t01"]).contains(#""status":401"#))
        kill(process.processIdentifier, signal)
        #expect(waitForExit(process))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    @Test func initWritesFixturesThatRootServesLive() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = try Apish.run(["serve", "--init", directory])
        #expect(written.status == 0)
        #expect(written.stdout.contains("apish serve --root \(directory)"))
        let (process, url, _) = try startServe(["--root", directory, "--port", "0"])
        defer { if process.isRunning { process.terminate() } }
        #expect(FileManager.default.fileExists(atPath: directory + "/services.json"))
        #expect(FileManager.default.fileExists(atPath: directory + "/meetup/groups.json"))
        #expect(try curl([url + "/weather/v1"]).contains(#""currentTemperature":"63""#))

        let path = directory + "/weather/v1.json"
        let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"63\"", with: "\"99\"")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try curl([url + "/weather/v1"]).contains(#""currentTemperature":"99""#))
        kill(process.processIdentifier, SIGTERM)
        #expect(waitForExit(process))
    }

    @Test func rootServesNoFileWhoseRealPathIsOutsideIt() throws {
        // GIVEN written fixtures with a link out of the folder, a fixture linked out, and a link that stays inside
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try Apish.run(["serve", "--init", directory]).status == 0)
        let outside = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try #"{"city":"OUTSIDE-SECRET"}"#.write(toFile: outside + "/v1.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/x", withDestinationPath: "/etc")
        try FileManager.default.removeItem(atPath: directory + "/weather/v1.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/weather/v1.json", withDestinationPath: outside + "/v1.json")
        try FileManager.default.moveItem(atPath: directory + "/weather/v2.json", toPath: directory + "/weather-v2.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/weather/v2.json", withDestinationPath: "../weather-v2.json")
        let (process, url, _) = try startServe(["--root", directory, "--port", "0"])
        defer { if process.isRunning { process.terminate() } }
        // WHEN files are asked for through the links / THEN only the one inside the root is served
        #expect(!(try curl([url + "/x/passwd"])).contains("root:"))
        #expect(!(try curl([url + "/weather/v1"])).contains("OUTSIDE-SECRET"))
        #expect(try curl([url + "/weather/v2?city=austin"]).contains(#""city":"Austin""#))
        kill(process.processIdentifier, SIGTERM)
        #expect(waitForExit(process))
    }

    @Test func badServeArgumentsAreUsageErrors() throws {
        let result = try Apish.run(["serve", "--port", "notaport"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("serve:"))
    }
}
