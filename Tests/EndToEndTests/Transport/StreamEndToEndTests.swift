import Foundation
import Testing

/// Answers shown as they arrive: a loopback server sends the first event, then waits for a gate file that
/// the test makes only once apish has shown that event, so an apish that held the answer until its end
/// would never get the rest (the test would time out and fail).
@Suite struct StreamEndToEndTests {
    /// Runs apish, returns once `firstLine` appeared on its stdout (or fails), opens the gate, then waits for the end.
    private func runThroughGate(_ arguments: [String], gate: String, until firstLine: String) throws -> (early: String, all: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Apish.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = NSTemporaryDirectory() + "apish-stream-\(UUID().uuidString)"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while !text.contains(firstLine), Date() < deadline, process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let early = text
        FileManager.default.createFile(atPath: gate, contents: Data())
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (early, text, process.terminationStatus)
    }

    @Test func serverSentEventsArriveOneByOneAndExpectSeesThemAll() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try TLSAndProxyEndToEndTests.LoopbackServer(["stream", folder + "/gate"])
        defer { server.stop() }
        // WHEN the event stream is asked for with --json / THEN its first event shows before the server sends the rest
        let run = try runThroughGate(["--json", "-c", "get http://127.0.0.1:\(server.port)/events",
                                      "-c", "expect last.data.done == true", "-c", "expect [0].event == greet"],
                                     gate: folder + "/gate", until: #"{"event":"greet""#)
        #expect(run.early.contains(#"{"event":"greet","id":"1","data":{"n":1}}"#), "\(run.early)")
        #expect(!run.early.contains(#""done":true"#), "\(run.early)")
        // AND each event is one line, then the command's object, and expect reads the events as an array
        let lines = run.all.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"{"data":{"n":2,"done":true}}"#), "\(run.all)")
        #expect(run.status == 0, "\(run.all)")
    }

    @Test func onAPipeTheBytesGoOnAsTheyArrive() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try TLSAndProxyEndToEndTests.LoopbackServer(["stream", folder + "/gate"])
        defer { server.stop() }
        // WHEN JSON lines are piped on / THEN the first line is there before the rest was sent, as sent
        let run = try runThroughGate(["-c", "get http://127.0.0.1:\(server.port)/lines"], gate: folder + "/gate",
                                     until: #"{"n": 1}"#)
        #expect(run.early.hasPrefix(#"{"n": 1}"# + "\n"), "\(run.early)")
        #expect(run.all.hasPrefix(#"{"n": 1}"# + "\n" + #"{"n": 2, "done": true}"# + "\n"), "\(run.all)")
        #expect(run.status == 0)
    }

    /// Starts apish, waits until `ready` says the stream's first part arrived (given what stdout showed so far
    /// when `watchesOutput`, else polled), sends SIGINT (Ctrl-C), then waits for the end.
    private func interruptMidStream(
        _ arguments: [String], watchesOutput: Bool = true, ready: (String) -> Bool
    ) throws -> (stdout: String, stderr: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Apish.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = NSTemporaryDirectory() + "apish-stream-\(UUID().uuidString)"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while !ready(text), Date() < deadline, process.isRunning {
            if !watchesOutput {
                Thread.sleep(forTimeInterval: 0.02)
                continue
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGINT)
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, stderr, process.terminationStatus)
    }

    @Test func ctrlCMidStreamKeepsTheEventsThatArrivedAndJSONSaysItWasInterrupted() throws {
        // GIVEN an event stream whose second event never comes (no gate is made)
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try TLSAndProxyEndToEndTests.LoopbackServer(["stream", folder + "/gate-never-made"])
        defer { server.stop() }
        // WHEN SIGINT comes once the first event showed
        let run = try interruptMidStream(["--json", "-c", "get http://127.0.0.1:\(server.port)/events"]) {
            $0.contains(#"{"event":"greet""#)
        }
        // THEN the script stops as on any Ctrl-C, but the request's object is an answer: what arrived, interrupted
        #expect(run.status == 130, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"event":"greet","id":"1","data":{"n":1}}"#, "\(run.stdout)")
        let object = try #require(lines.first { $0.hasPrefix(#"{"command":"get"#) }, "\(run.stdout)")
        #expect(object.contains(#""ok":true"#) && object.contains(#""status":200,"result":"success","interrupted":true"#), "\(object)")
        #expect(object.contains(#""data":[{"event":"greet","id":"1","data":{"n":1}}]"#), "\(object)")
        #expect(!object.contains("cancelled"), "\(object)")
    }

    @Test func aPipeGetsTheEndOfWhatArrivedWhenCtrlCEndsTheStream() throws {
        // GIVEN JSON lines whose second line never comes, piped to a command that needs the end of its input
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try TLSAndProxyEndToEndTests.LoopbackServer(["stream", folder + "/gate-never-made"])
        defer { server.stop() }
        let kept = folder + "/kept.ndjson"
        // WHEN SIGINT comes once the first line reached the command
        let command = "get http://127.0.0.1:\(server.port)/lines | cat > \(kept).part && mv \(kept).part \(kept)"
        let run = try interruptMidStream(["-c", command], watchesOutput: false) { _ in
            ((try? FileManager.default.attributesOfItem(atPath: kept + ".part")[.size] as? Int) ?? 0) > 0
        }
        // THEN the stream ended, the command read to the end of what arrived and finished (it was not stopped)
        #expect(run.status == 130, "\(run.stderr)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == #"{"n": 1}"# + "\n", "\(run.stderr)")
        #expect(run.stderr.contains("stream stopped by Ctrl-C: 1 line kept"), "\(run.stderr)")
        #expect(!run.stderr.contains("| cat"), "no error about the pipe's command: \(run.stderr)")
    }
}
