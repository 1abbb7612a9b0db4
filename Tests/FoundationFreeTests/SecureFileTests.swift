import Foundation
import Testing
@testable import FoundationFree

@Suite struct SecureFileTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "apish-securefile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func nothingIsWrittenThatCouldNotBeReadBack() throws {
        // GIVEN the read limit
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.json"

        // WHEN a file of exactly the limit, then one byte more, is written
        try SecureFile.write([UInt8](repeating: 0x61, count: SecureFile.limit), to: path, mode: 0o600)
        let tooBig = #expect(throws: StoredFileError.self) {
            try SecureFile.write([UInt8](repeating: 0x62, count: SecureFile.limit + 1), to: path, mode: 0o600)
        }

        // THEN the first reads back, the second is refused in one line and leaves the first in place
        #expect(try SecureFile.read(path)?.count == SecureFile.limit)
        #expect(try SecureFile.read(path)?.first == 0x61)
        #expect(tooBig?.description.contains("4 MiB") == true, "\(tooBig?.description ?? "")")
        #expect(tooBig?.description.contains("\n") == false)
        #expect(SecureFile.names(in: directory) == ["big.json"])
    }

    @Test func atMostThreeBackupsAreKeptTheNewestFirst() throws {
        // GIVEN a file backed up five times, and a backup an earlier apish numbered past three
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tokens.json"
        try SecureFile.write(Array("old".utf8), to: path + ".bak.9", mode: 0o600)
        var places: [String] = []
        for round in 1...5 {
            try SecureFile.write(Array("round \(round)".utf8), to: path, mode: 0o600)
            places.append(try SecureFile.backUp(path))
        }

        // THEN three remain, NAME.bak the newest, and each backup was said to be NAME.bak when it was made
        #expect(places == Array(repeating: path + ".bak", count: 5))
        #expect(SecureFile.names(in: directory).sorted() == ["tokens.json.bak", "tokens.json.bak.2", "tokens.json.bak.3"])
        #expect(try SecureFile.read(path + ".bak").map { String(decoding: $0, as: UTF8.self) } == "round 5")
        #expect(try SecureFile.read(path + ".bak.2").map { String(decoding: $0, as: UTF8.self) } == "round 4")
        #expect(try SecureFile.read(path + ".bak.3").map { String(decoding: $0, as: UTF8.self) } == "round 3")
    }

    @Test func updatesUnderTheLockAreNeverLost() throws {
        // GIVEN a counter file that eight threads each read, increment and write back 25 times
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/counter"
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<25 {
                do {
                    try SecureFile.withLock(on: path) { () throws(StoredFileError) in
                        let text = try SecureFile.read(path).map { String(decoding: $0, as: UTF8.self) } ?? "0"
                        try SecureFile.write(Array(String((Int(text) ?? -1000) + 1).utf8), to: path, mode: 0o600)
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
        }

        // THEN every increment is there, and the lock file beside it is hidden and private
        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(try SecureFile.read(path).map { String(decoding: $0, as: UTF8.self) } == "200")
        let mode = try FileManager.default.attributesOfItem(atPath: directory + "/.counter.lock")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}

private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
}
