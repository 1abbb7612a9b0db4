import Foundation
import Testing
@testable import Facade

@Suite struct LocalFileTests {
    @Test func readsAFileAndNamesEachFailure() throws {
        let directory = NSTemporaryDirectory() + "apish-localfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ten.txt"
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))

        #expect(try LocalFile.read(path) == Data("0123456789".utf8))
        #expect(try LocalFile.read(path, limit: 10).count == 10)
        #expect(throws: LocalFile.ReadError(reason: "larger than 9 bytes")) { try LocalFile.read(path, limit: 9) }
        #expect(throws: LocalFile.ReadError(reason: "is a directory")) { try LocalFile.read(directory) }
        #expect(throws: LocalFile.ReadError(reason: "no such file")) { try LocalFile.read(directory + "/missing") }
    }

    @Test func endlessFilesStopAtTheLimit() {
        #expect(throws: LocalFile.ReadError.self) { try LocalFile.read("/dev/zero", limit: 1 << 20) }
    }
}
