#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// The demo server's built-in fixtures as files, for `apish serve --init DIR`: edit them, then serve them
/// with `--root DIR`.
///
/// The folder is what a server serves: the locators' `url`s (`weather/v1`, `forecast`, `petstore/v1`) name
/// server routes, which pick a record by query, header or `Accept` and keep state. So `apish --locator
/// DIR/services.json` serves the folder with the embedded server and loads the locator from it
/// (`folder(servingLocator:)`), which is what a user of the written files means.
public enum DemoFixtures {
    /// Relative paths of the files `write(to:)` creates.
    public static var paths: [String] { BuiltInFixtures.paths }

    /// Writes every built-in fixture (pretty JSON) under `directory`, creating it and its parents as
    /// needed. A folder that already holds anything is refused before a byte is written, so a folder of
    /// edited fixtures is never overwritten.
    public static func write(to directory: String) throws(DemoFixturesError) {
        try checkWritable(directory)
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        for path in BuiltInFixtures.paths {
            guard let bytes = BuiltInFixtures.files[path] else { continue }
            let file = root.appendingPathComponent(path)
            try createFolder(file.deletingLastPathComponent().path)
            do {
                try Data(bytes).write(to: file, options: .atomic)
            } catch {
                throw DemoFixturesError(error, path: file.path)
            }
        }
    }

    /// The folder to serve when `path` is a locator inside a folder `write(to:)` made (it holds the demo's
    /// locators and fixtures), so that `apish --locator DIR/services.json` works on edited fixtures: their
    /// relative `url`s name server routes, which only a server over that folder answers. Nil otherwise.
    public static func folder(servingLocator path: String) -> String? {
        // The name first, by text: most locators are no fixture, and a start need not make a URL to know it.
        guard let name = path.split(separator: "/").last, paths.contains(String(name)) else { return nil }
        let file = URL(fileURLWithPath: path)
        let directory = file.deletingLastPathComponent().path
        let present = paths.filter { FileManager.default.fileExists(atPath: directory + "/" + $0) }
        // Most of the files, not all: a user may have deleted one they do not need.
        return present.count * 2 > paths.count ? directory : nil
    }

    /// Throws unless `directory` is missing or an empty folder.
    private static func checkWritable(_ directory: String) throws(DemoFixturesError) {
        guard let isDirectory = FileKind.isDirectory(directory) else { return }
        guard isDirectory else { throw .notAFolder(directory) }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw DemoFixturesError(error, path: directory)
        }
        if !entries.isEmpty { throw .folderNotEmpty(directory) }
    }

    /// `mkdir -p` by hand: FileManager's errors do not always say which folder failed or why, and the
    /// user needs both (`/srv/demo: permission denied`).
    private static func createFolder(_ path: String) throws(DemoFixturesError) {
        if FileKind.isDirectory(path) == true { return }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !parent.isEmpty && parent != path { try createFolder(parent) }
        // EEXIST is a folder made meanwhile, or a file, which the next level (or the write) reports.
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw DemoFixturesError(errno: errno, path: path) }
    }
}
