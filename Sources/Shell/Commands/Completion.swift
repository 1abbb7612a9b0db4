import Facade
import Foundation

/// Candidates for service names and versions.
enum ServiceCompletion {
    static func names(_ session: Session) -> [String] {
        session.facade.locator?.serviceNames ?? []
    }

    /// `use NAME VERSION`: names first, then the versions of the named service.
    static func serviceThenVersion(_ previous: [String], session: Session, extra: [String] = []) -> [String] {
        switch previous.count {
        case 0: return names(session)
        case 1: return (session.facade.locator?.versions(of: previous[0]).map(\.description) ?? []) + extra
        default: return []
        }
    }
}

/// File path candidates, for commands whose argument is a file (`source`, `locate`, `record save`).
enum PathCompletion {
    /// Files and folders matching a partial path (folders with a trailing `/`).
    static func files(matching partial: String) -> [String] {
        let expanded = LocatorLocation.expandTilde(partial)
        let directory: String
        let prefix: String
        if expanded.hasSuffix("/") {
            directory = expanded
            prefix = ""
        } else {
            let url = URL(fileURLWithPath: expanded.isEmpty ? "./" : expanded)
            directory = expanded.contains("/") ? url.deletingLastPathComponent().path + "/" : "./"
            prefix = expanded.contains("/") ? url.lastPathComponent : expanded
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let shownDirectory = partial.contains("/") ? String(partial[...(partial.lastIndex(of: "/") ?? partial.startIndex)]) : ""
        return names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + name, isDirectory: &isDirectory)
            return shownDirectory + name + (isDirectory.boolValue ? "/" : "")
        }
    }
}
