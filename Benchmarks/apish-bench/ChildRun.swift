import Foundation

/// Runs this benchmark binary again in a `child` mode and reads back the `key=value` lines it prints.
///
/// Memory is measured in a fresh process per case so one case's heap cannot hide or inflate another's.
enum ChildRun {
    static func run(_ arguments: [String]) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = ["child"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure("child \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return fields
    }

    /// `/proc/self/exe` names this binary even when it was started through a relative path or a symlink.
    private static var executablePath: String {
        FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
    }

    /// Prints one result field of a child.
    static func emit(_ key: String, _ value: CustomStringConvertible) {
        print("\(key)=\(value)")
    }
}
