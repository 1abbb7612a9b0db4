import Facade
import HTTPClient
import HTTPTypes
import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading a script file, with the one error line a user sees when it cannot be read.
package enum ScriptFile {
    package static func read(_ path: String) throws(CommandError) -> String {
        do {
            // Bytes that are not UTF-8 (a Latin-1 file name) are carried, not replaced, so they reach a file.
            return RawBytesText.decode(try LocalFile.read(LocatorLocation.expandTilde(path)))
        } catch {
            throw CommandError("cannot read script \(path): \(error.reason)")
        }
    }
}
