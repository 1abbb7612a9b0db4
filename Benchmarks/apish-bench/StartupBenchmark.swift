import Foundation

/// Wall time of `apish -c services` on the embedded demo API: process start, demo server start,
/// locator fetch and one rendered command.
struct StartupBenchmark {
    let executable: String
    let runs: Int

    func run() throws -> Samples {
        let output = try launch()
        guard output.contains("weather") else {
            throw BenchFailure("apish -c services printed no weather service:\n\(output)")
        }
        var samples = Samples()
        for _ in 0..<runs {
            samples.append(try Stopwatch.seconds { _ = try launch() })
        }
        return samples
    }

    private func launch() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--no-color", "-c", "services"]
        var environment = ProcessInfo.processInfo.environment
        // A locator in the environment would replace the embedded demo API.
        environment["APISH_LOCATOR"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure("\(executable) -c services exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
