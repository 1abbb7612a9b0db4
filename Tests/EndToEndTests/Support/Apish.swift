import DemoServer
import Foundation

/// Runs the built `apish` binary as a child process, as a user would from a shell.
struct Apish {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// stdout split into JSON-line objects (for `--json` runs).
        var jsonLines: [[String: Any]] {
            stdout.split(separator: "\n").compactMap { line in
                // Tests may use Foundation's parser as an independent check of our encoder.
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }
        }
    }

    /// The binary next to the test bundle (both are products of the same build), or `$APISH_BIN`.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["APISH_BIN"] { return path }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("apish").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/apish").path
    }

    /// Runs `apish ARGS` with `stdin` piped in; extra environment merged over a clean one
    /// (HOME and XDG_STATE_HOME in a temp dir, NO_COLOR unset).
    static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:],
                    directory: String? = nil, timeout: TimeInterval = 60) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["APISH_LOCATOR"] = nil
        env["XDG_STATE_HOME"] = NSTemporaryDirectory() + "apish-e2e-state-\(UUID().uuidString)"
        // Profiles and credentials never go to the real ~/.config, nor does a profile in use leak in.
        env["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "apish-e2e-config-\(UUID().uuidString)"
        env["APISH_PROFILE"] = nil
        for (key, value) in environment { env[key] = value }
        return try execute(arguments, environment: env, stdin: Data(stdin.utf8),
                           directory: directory.map { URL(fileURLWithPath: $0) }, timeout: timeout)
    }

    /// Runs the binary with exactly `environment` (nothing inherited); nil `stdin` reads /dev/null.
    /// `executable` runs another program the same way (Chromium, python3).
    static func execute(_ arguments: [String], environment: [String: String], stdin: Data?, directory: URL?,
                        timeout: TimeInterval, executable: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
        let outData = LockedData(), errData = LockedData()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { outData.set(output.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) { errData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw TimedOut(arguments: arguments)
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData.get(), as: UTF8.self),
                      stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        var description: String { "apish \(arguments) did not finish in time" }
    }
}

/// A demo server on port 0 with faults on, for tests that need their own (e.g. `--locator URL`).
func startDemoServer(root: String? = nil) throws -> DemoServer {
    let server = DemoServer(configuration: DemoServerConfiguration(root: root, faults: true))
    try server.start()
    return server
}

/// A temporary directory removed by the caller.
func makeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "apish-e2e-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
