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
}
