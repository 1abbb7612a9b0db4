import Foundation

/// A python script that differential tests hold apish to (pyyaml, python-jsonschema): run with its
/// arguments, its standard output returned. A script that fails is an error carrying its standard error
/// and what installs the module it needs.
package enum PythonReference {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    package static func run(_ script: URL, _ arguments: [String], installedBy hint: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(script.lastPathComponent) failed (\(hint)): " + String(decoding: problem, as: UTF8.self))
        }
        return data
    }
}
