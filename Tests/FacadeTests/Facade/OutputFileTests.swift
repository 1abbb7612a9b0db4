import Foundation
import Testing
@testable import Facade
#if canImport(Glibc)
import Glibc
#endif

/// Reports and recordings land in what the user named without replacing what is not a regular file.
@Suite struct OutputFileTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "apish-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    private func kind(_ path: String, following: Bool = false) -> mode_t {
        var status = stat()
        let result = following ? stat(path, &status) : lstat(path, &status)
        return result == 0 ? status.st_mode & S_IFMT : 0
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aNewFileIsWrittenAndAnExistingOneReplacedOnlyWhenAsked() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/report.xml"
        try OutputFile.write("one\n", to: path, replacing: false)
        #expect(try read(path) == "one\n")
        #expect(throws: OutputFile.WriteError.exists(path: path)) { try OutputFile.write("two\n", to: path, replacing: false) }
        #expect(try read(path) == "one\n")
        // A replaced file keeps its mode, and no temporary file is left beside it
        chmod(path, 0o600)
        try OutputFile.write("two\n", to: path, replacing: true)
        #expect(try read(path) == "two\n")
        #expect(kind(path) == S_IFREG)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["report.xml"])
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/target.txt"
        let link = directory + "/link.txt"
        try "old\n".write(toFile: target, atomically: true, encoding: .utf8)
        symlink(target, link)
        try OutputFile.write("new\n", to: link, replacing: true)
        #expect(kind(link) == S_IFLNK)
        #expect(try read(target) == "new\n")
        // AND a link to nothing is refused, not replaced by a file
        let dangling = directory + "/dangling"
        symlink(directory + "/missing/x", dangling)
        #expect(throws: OutputFile.WriteError.self) { try OutputFile.write("x", to: dangling, replacing: true) }
        #expect(kind(dangling) == S_IFLNK)
    }

    @Test func aCharacterDeviceIsWrittenThroughAndAFullOneIsOneClearLine() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try OutputFile.write("discarded\n", to: "/dev/null", replacing: false)
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(OutputFile.writesThrough("/dev/null"))
        let error = try #require(throws: OutputFile.WriteError.self) { try OutputFile.write("x\n", to: "/dev/full", replacing: true) }
        #expect(error.description == "cannot write /dev/full: no space left on device")
        #expect(kind("/dev/full") == S_IFCHR)
    }

    @Test func aFIFOIsWrittenThroughToItsReaderAndOneWithoutReaderIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: OutputFile.WriteError.failed(path: fifo, reason: "no process is reading the FIFO")) {
            try OutputFile.write("x", to: fifo, replacing: true)
        }
        // GIVEN a reader WHEN written THEN the reader gets the text and the FIFO stays a FIFO
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try OutputFile.write("through the pipe\n", to: fifo, replacing: true)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "through the pipe\n")
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test func aDirectoryIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: OutputFile.WriteError.failed(path: directory, reason: "it is a directory")) {
            try OutputFile.write("x", to: directory, replacing: true)
        }
    }
}
