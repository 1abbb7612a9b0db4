import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The file being imported and what it may read beside it: a body file (`< ./body.json`, `file,data.bin;`,
/// a multipart file part) is read only when it lies below the imported file's folder, unless
/// `allowOutside`. Nothing is ever fetched from a URL.
public struct ImportSource: Sendable {
    /// The path as given, for messages.
    public let path: String
    public let text: String
    public let folder: String
    public let allowOutside: Bool
    public let limits: ImportLimits

    public init(path: String, text: String, allowOutside: Bool = false, limits: ImportLimits = ImportLimits()) {
        self.path = path
        self.text = text
        self.folder = SecureFile.parent(of: ImportSource.absolute(path))
        self.allowOutside = allowOutside
        self.limits = limits
    }

    /// Reads `path` (at most `ImportLimits.fileBytes`) as UTF-8 text.
    public static func read(_ path: String, allowOutside: Bool = false, limits: ImportLimits = ImportLimits()) throws(ImportError) -> ImportSource {
        let bytes: [UInt8]?
        do {
            bytes = try SecureFile.read(path)
        } catch {
            throw ImportError(file: path, error.description)
        }
        guard let bytes else { throw ImportError(file: path, "no such file") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ImportError(file: path, "not UTF-8 text") }
        return ImportSource(path: path, text: text, allowOutside: allowOutside, limits: limits)
    }

    /// The absolute, normalised path of a file the imported one names, refused when it leaves the folder.
    public func resolve(_ reference: String, line: Int? = nil) throws(ImportError) -> String {
        let joined = reference.hasPrefix("/") ? reference : folder + "/" + reference
        let normalised = ImportSource.normalise(joined)
        let real = ImportSource.realPath(normalised) ?? normalised
        let root = ImportSource.realPath(folder) ?? folder
        if !allowOutside && !(real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")) {
            throw ImportError(file: path, line: line, "\(reference) is outside \(folder) (--allow-outside reads it)")
        }
        return normalised
    }

    /// The bytes of a file the imported one names (see `resolve`).
    public func readReferenced(_ reference: String, line: Int? = nil) throws(ImportError) -> [UInt8] {
        let resolved = try resolve(reference, line: line)
        let bytes: [UInt8]?
        do {
            bytes = try SecureFile.read(resolved)
        } catch {
            throw ImportError(file: path, line: line, "cannot read \(reference): \(error)")
        }
        guard let bytes else { throw ImportError(file: path, line: line, "cannot read \(reference): no such file") }
        return bytes
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalise(path) }
        return normalise(FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// `.` and `..` steps taken out, without asking the file system.
    static func normalise(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Symbolic links followed, so a link inside the folder cannot point out of it; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return FileManager.default.fileExists(atPath: resolved) ? resolved : nil
    }
}
