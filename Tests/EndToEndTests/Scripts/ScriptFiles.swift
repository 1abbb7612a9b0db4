import Foundation

/// A temporary folder of script files for one test, removed when the test ends.
final class ScriptFiles {
    let directory: String

    init() throws {
        directory = try makeTemporaryDirectory()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    }

    /// The repository root (for `examples/`), from this file's place in it.
    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }
}

/// Reads the parts of a TAP 13 stream that tests check: the plan and each test line's verdict.
struct TAPSummary {
    var plan: Int?
    var passed = 0
    var failed = 0
    var descriptions: [String] = []

    init(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("1..") {
                plan = Int(line.dropFirst(3))
            } else if line.hasPrefix("ok ") {
                passed += 1
                descriptions.append(Self.description(line))
            } else if line.hasPrefix("not ok ") {
                failed += 1
                descriptions.append(Self.description(line))
            }
        }
    }

    private static func description(_ line: Substring) -> String {
        guard let range = line.range(of: " - ") else { return "" }
        return String(line[range.upperBound...])
    }
}
