import Foundation

/// The demo server's built-in fixtures as files, for `apish serve --init DIR`: edit them, then serve them
/// with `--root DIR`.
public enum DemoFixtures {
    /// Relative paths of the files `write(to:)` creates.
    public static var paths: [String] { BuiltInFixtures.paths }

    /// Writes every built-in fixture (pretty JSON) under `directory`, creating folders as needed and
    /// replacing files of the same name.
    public static func write(to directory: String) throws {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        for path in BuiltInFixtures.paths {
            guard let bytes = BuiltInFixtures.files[path] else { continue }
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file, options: .atomic)
        }
    }
}
