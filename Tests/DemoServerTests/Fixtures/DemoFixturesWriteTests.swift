import Foundation
import Testing
@testable import DemoServer

/// `DemoFixtures.write(to:)` behind `apish serve --init DIR`: never overwrites, and fails in one clear line.
@Suite("Writing the fixtures")
struct DemoFixturesWriteTests {
    @Test func writesIntoAMissingFolderAndItsParents() throws {
        let parent = try makeTemporaryDirectory()
        defer { parent.cleanup() }
        let target = parent.path + "/new/fixtures"
        try DemoFixtures.write(to: target)
        #expect(FileManager.default.fileExists(atPath: target + "/meetup/groups.json"))
    }

    @Test func aLocatorInTheWrittenFolderServesThatFolderAndNoOtherLocatorDoes() throws {
        let parent = try makeTemporaryDirectory()
        defer { parent.cleanup() }
        let folder = parent.path + "/fixtures"
        try DemoFixtures.write(to: folder)
        #expect(DemoFixtures.folder(servingLocator: folder + "/services.json") == folder)
        // A locator named otherwise, beside the fixtures or anywhere, is just a locator.
        try "{}".write(toFile: folder + "/mine.json", atomically: true, encoding: .utf8)
        #expect(DemoFixtures.folder(servingLocator: folder + "/mine.json") == nil)
        #expect(DemoFixtures.folder(servingLocator: parent.path + "/services.json") == nil)
    }

    @Test func refusesAFolderThatIsNotEmptyAndLeavesItAlone() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        let edited = folder.path + "/weather/v1.json"
        try #"{"richmond":{"city":"Edited"}}"#.write(toFile: edited, atomically: true, encoding: .utf8)

        #expect(throws: DemoFixturesError.folderNotEmpty(folder.path)) { try DemoFixtures.write(to: folder.path) }
        #expect(try String(contentsOfFile: edited, encoding: .utf8) == #"{"richmond":{"city":"Edited"}}"#)
        let description = DemoFixturesError.folderNotEmpty(folder.path).description
        #expect(description == "\(folder.path) is not empty; --init writes into a new or empty folder")
    }

    @Test func aSingleHiddenFileIsEnoughToRefuse() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try "notes".write(toFile: folder.path + "/.notes", atomically: true, encoding: .utf8)
        #expect(throws: DemoFixturesError.folderNotEmpty(folder.path)) { try DemoFixtures.write(to: folder.path) }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/services.json"))
    }

    @Test func refusesAFile() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        let file = folder.path + "/plain.txt"
        try "text".write(toFile: file, atomically: true, encoding: .utf8)
        let error = try #require(throws: DemoFixturesError.self) { try DemoFixtures.write(to: file) }
        #expect(error == .notAFolder(file))
        #expect(error.description == "\(file) is not a folder; --init writes into a new or empty folder")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "text")
    }

    @Test func fileSystemFailuresAreOneClearLine() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try "text".write(toFile: folder.path + "/plain.txt", atomically: true, encoding: .utf8)
        // /proc refuses new entries even to root; a path through a file is "not a directory" everywhere.
        var targets = [folder.path + "/plain.txt/fixtures"]
        if FileManager.default.fileExists(atPath: "/proc/self") { targets.append("/proc/nope") }
        for target in targets {
            let error = try #require(throws: DemoFixturesError.self) { try DemoFixtures.write(to: target) }
            let description = error.description
            #expect(!description.contains("\n"), "\(description)")
            #expect(!description.contains("Domain"), "\(description)")
            #expect(description.hasPrefix(target + ": "), "\(description)")
            #expect(description.dropFirst(target.count + 2).first?.isLowercase == true, "\(description)")
            #expect(String(describing: error) == description)
        }
    }

    @Test func theErrorReasonComesFromTheSystem() {
        let cocoa = CocoaError(.fileWriteNoPermission, userInfo: [
            NSFilePathErrorKey: "/x/services.json",
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES)),
        ])
        #expect(DemoFixturesError(cocoa, path: "/x").description == "/x/services.json: permission denied")
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        #expect(DemoFixturesError(posix, path: "/x").description == "/x: no space left on device")
        let bare = CocoaError(.fileWriteVolumeReadOnly, userInfo: [NSFilePathErrorKey: "/ro/x.json"])
        #expect(DemoFixturesError(bare, path: "/ro").description == "/ro/x.json: read-only file system")
    }
}
