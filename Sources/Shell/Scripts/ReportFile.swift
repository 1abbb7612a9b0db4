import Facade
import HTTPClient
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a file the shell produces (an HTML report, a migrated script): whole or not at all, its text
/// already masked by the caller; the error is the system's short reason.
enum ReportFile {
    static func write(_ text: String, to path: String) throws(CommandError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: LocatorLocation.expandTilde(path)), options: .atomic)
        } catch {
            throw CommandError("cannot write \(path): \(LocalFile.reason(error))")
        }
    }
}
