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

    /// A file that says no size (a pipe) is read by a buffer that grows; one that says it is read at that
    /// size. Both give every byte, an empty file none. (A file without a size past the limit: /dev/zero below.)
    @Test func aFileWithoutASizeIsReadWhole() throws {
        let directory = NSTemporaryDirectory() + "apish-localfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let pipe = directory + "/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(pipe, O_WRONLY)
            bytes.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count <= 0 { break }
                    written += count
                }
            }
            close(descriptor)
        }
        writer.start()
        #expect(try LocalFile.read(pipe) == bytes)
        let file = directory + "/big"
        try bytes.write(to: URL(fileURLWithPath: file))
        #expect(try LocalFile.read(file) == bytes)
        let empty = directory + "/empty"
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try LocalFile.read(empty).isEmpty)
    }

    @Test func endlessFilesStopAtTheLimit() {
        #expect(throws: LocalFile.ReadError.self) { try LocalFile.read("/dev/zero", limit: 1 << 20) }
    }
}
