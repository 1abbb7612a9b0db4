import Facade
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a file the shell produces (an HTML report, a migrated script), its text already masked by the
/// caller (or, for a file that keeps the user's own text, written `rw-------`: `holdsSecrets`), the way every report is written (`OutputFile`): a regular file is replaced whole, a device or a
/// FIFO is written through, a symlink is followed and stays a link; the error is the system's short reason.
package enum ReportFile {
    package static func write(_ text: String, to path: String, holdsSecrets: Bool = false) throws(CommandError) {
        do {
            try OutputFile.write(text, to: LocatorLocation.expandTilde(path), replacing: true, holdsSecrets: holdsSecrets)
        } catch {
            throw CommandError("cannot write \(path): \(error.reason)")
        }
    }
}
