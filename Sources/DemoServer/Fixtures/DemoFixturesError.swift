import Foundation

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
        let nsError = error as NSError
        let failedPath = nsError.userInfo[NSFilePathErrorKey] as? String ?? path
        let posix = nsError.domain == NSPOSIXErrorDomain ? nsError : nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix, posix.domain == NSPOSIXErrorDomain, let code = Int32(exactly: posix.code) {
            self.init(errno: code, path: failedPath)
        } else if nsError.domain == NSCocoaErrorDomain, let code = Self.posixCode(ofCocoaCode: nsError.code) {
            self.init(errno: code, path: failedPath)
        } else {
            self = .fileSystem(path: failedPath, reason: Self.oneLine(nsError.localizedDescription))
        }
    }

    /// The POSIX error behind the Cocoa file error codes that come without one.
    private static func posixCode(ofCocoaCode code: Int) -> Int32? {
        switch CocoaError.Code(rawValue: code) {
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
        var line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        if line.hasSuffix(".") { line.removeLast() }
        guard let first = line.first else { return "failed" }
        // An acronym (`I/O error`) keeps its capitals.
        if line.prefix(while: { $0 != " " }).dropFirst().contains(where: \.isUppercase) { return line }
        return first.lowercased() + line.dropFirst()
    }
}
