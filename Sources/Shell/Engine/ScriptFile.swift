import Facade
import Foundation

/// Reading a script file, with the one error line a user sees when it cannot be read.
enum ScriptFile {
    static func read(_ path: String) throws(CommandError) -> String {
        let expanded = LocatorLocation.expandTilde(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) else {
            throw CommandError("cannot read script \(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandError("cannot read script \(path): is a directory") }
        guard let data = FileManager.default.contents(atPath: expanded) else {
            throw CommandError("cannot read script \(path): permission denied")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
