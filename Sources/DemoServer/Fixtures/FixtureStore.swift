#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON
import FoundationFree

/// A fixture file that exists but cannot be used.
struct FixtureError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "fixture \(path): \(reason)" }
}

/// Where the demo data comes from: the compiled-in set, or a folder whose files are read again on every
/// request, so editing one while the server runs publishes the change.
struct FixtureStore: Sendable {
    enum Source: Sendable, Equatable {
        case builtIn
        case folder(String)
    }

    let source: Source

    var isBuiltIn: Bool { source == .builtIn }

    /// The bytes at `path` (relative, `/`-separated), or nil when there is no such file. Unsafe paths
    /// (`..`, absolute, backslashes, NUL) are treated as absent.
    func bytes(at path: String) throws -> [UInt8]? {
        guard Self.isSafe(path) else { return nil }
        switch source {
        case .builtIn:
            return BuiltInFixtures.files[path]
        case .folder(let root):
            let fullPath = root.hasSuffix("/") ? root + path : root + "/" + path
            guard FileKind.isDirectory(fullPath) == false else {
                return nil
            }
            // A link inside the folder may point out of it (`ln -s /etc DIR/x`): only files whose real path
            // is inside the root are served, the rest are absent.
            guard let realRoot = FileKind.realPath(root), FileKind.isInside(fullPath, realRoot: realRoot) else {
                return nil
            }
            guard let data = FileManager.default.contents(atPath: fullPath) else {
                throw FixtureError(path: path, reason: "cannot be read")
            }
            return [UInt8](data)
        }
    }

    /// The JSON document at `path`, or nil when there is no such file; throws when it is not JSON.
    func document(at path: String) throws -> JSONValue? {
        if source == .builtIn {
            return Self.isSafe(path) ? BuiltInFixtures.documents[path] : nil
        }
        guard let bytes = try bytes(at: path) else { return nil }
        do {
            return try JSONValue.parse(bytes: bytes)
        } catch {
            throw FixtureError(path: path, reason: "not valid JSON (\(error))")
        }
    }

    /// A relative path that stays inside the store.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
        }
    }
}
