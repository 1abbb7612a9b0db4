import Facade
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading a script file, with the one error line a user sees when it cannot be read.
package enum ScriptFile {
    package static func read(_ path: String) throws(CommandError) -> String {
        do {
            return String(decoding: try LocalFile.read(LocatorLocation.expandTilde(path)), as: UTF8.self)
        } catch {
            throw CommandError("cannot read script \(path): \(error.reason)")
        }
    }
}
