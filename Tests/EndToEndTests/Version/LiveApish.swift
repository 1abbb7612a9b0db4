import DemoServer
import Foundation
import TestSupport

/// The built `apish` fed one line at a time while the test watches its output, so a test can act
/// between commands (edit a fixture, then `locate`) or while one runs (`watch`).
final class LiveApish {
    let process = Process()
    private let input = Pipe()
    private let stdout = StreamText()
    private let stderr = StreamText()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: Apish.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["APISH_LOCATOR"] = nil
        environment["XDG_STATE_HOME"] = NSTemporaryDirectory() + "apish-e2e-state-\(UUID().uuidString)"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        stdout.drain(output.fileHandleForReading)
        stderr.drain(errors.fileHandleForReading)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    var out: String { stdout.text }
    var err: String { stderr.text }

    /// Waits until stdout holds `text` (at least `occurrences` times); false after `timeout` seconds.
    func waitForOutput(_ text: String, occurrences: Int = 1, timeout: TimeInterval = 30) -> Bool {
        eventually(within: timeout) { out.components(separatedBy: text).count > occurrences }
    }

    /// Closes stdin (end of the commands) and waits for the exit status.
    func finish(timeout: TimeInterval = 30) throws -> Int32 {
        try input.fileHandleForWriting.close()
        guard eventually(within: timeout, { !process.isRunning }) else {
            process.terminate()
            throw Apish.TimedOut(arguments: process.arguments ?? [])
        }
        stdout.waitForEnd()
        stderr.waitForEnd()
        return process.terminationStatus
    }
}

/// Text read from a pipe on a background thread as it arrives.
final class StreamText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let ended = DispatchSemaphore(value: 0)

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    func drain(_ handle: FileHandle) {
        Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.lock.withLock { self.data.append(chunk) }
            }
            self.ended.signal()
        }.start()
    }

    func waitForEnd() {
        _ = ended.wait(timeout: .now() + 10)
    }
}

/// The demo fixtures in a temporary folder, served by an in-process demo server (faults on), for tests
/// that edit what the server publishes.
final class VersionDemoRoot {
    let path: String
    let server: DemoServer

    init() throws {
        path = try makeTemporaryDirectory()
        try DemoFixtures.write(to: path)
        server = try startDemoServer(root: path)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The URL of a document in the folder, as `--locator` takes it.
    func url(_ relativePath: String) -> String {
        server.baseURL + "/" + relativePath
    }

    func write(_ relativePath: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    func read(_ relativePath: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent(relativePath))
    }
}
