import Foundation

/// A temporary directory for one test, removed with everything in it when the test lets go of it.
package final class ScratchDirectory: Sendable {
    package let path: String

    package init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/facadetests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` inside the directory and returns the file's path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}
