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

/// Why `DemoFixtures.write(to:)` refused or stopped; `description` is one line for the user.
public enum DemoFixturesError: Error, Equatable, CustomStringConvertible {
    /// The folder already holds something that writing could overwrite.
    case folderNotEmpty(String)
    /// The path exists and is not a folder.
    case notAFolder(String)
    /// A folder or file could not be listed, created or written; `reason` is the system's, in lower case.
    case fileSystem(path: String, reason: String)

    public var description: String {
        switch self {
        case .folderNotEmpty(let path):
            return "\(path) is not empty; --init writes into a new or empty folder"
        case .notAFolder(let path):
            return "\(path) is not a folder; --init writes into a new or empty folder"
        case .fileSystem(let path, let reason):
            return "\(path): \(reason)"
        }
    }

    /// The system's reason for `code`, e.g. `/proc/nope: no such file or directory`.
    init(errno code: Int32, path: String) {
        self = .fileSystem(path: path, reason: Self.oneLine(String(cString: strerror(code))))
    }

    /// Foundation's file errors print as multi-line NSCocoaErrorDomain dumps; this keeps the path they
    /// name (or `path`) and the POSIX reason underneath, which is what the user can act on.
    init(_ error: any Error, path: String) {
        let cocoa = error as? CocoaError
        let failedPath = cocoa?.filePath ?? path
        if let code = posixErrorCode(of: error) {
            self.init(errno: code, path: failedPath)
        } else if let cocoa, let code = Self.posixCode(of: cocoa.code) {
            self.init(errno: code, path: failedPath)
        } else {
            self = .fileSystem(path: failedPath, reason: Self.oneLine(String(describing: error)))
        }
    }

    /// The POSIX error behind the Cocoa file error codes that come without one.
    private static func posixCode(of code: CocoaError.Code) -> Int32? {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
        case .fileWriteFileExists: return EEXIST
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        default: return nil
        }
    }

    /// `Permission denied.` → `permission denied`, line breaks folded, so it reads after a colon.
    private static func oneLine(_ text: String) -> String {
        var line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingWhitespace()
        if line.hasSuffix(".") { line.removeLast() }
        guard let first = line.first else { return "failed" }
        // An acronym (`I/O error`) keeps its capitals.
        if line.prefix(while: { $0 != " " }).dropFirst().contains(where: \.isUppercase) { return line }
        return first.lowercased() + line.dropFirst()
    }
}
