import DemoAPIs
import Facade
import Foundation
import Testing
@testable import Shell
import HTTPClient

/// `record save` keeps an existing file unless told `--force`.
@Suite struct RecordSaveTests {
    @Test func anExistingFileIsKeptWithoutForce() throws {
        let directory = NSTemporaryDirectory() + "apish-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/take.apish"
        try "precious\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = BufferedOutput()
        var options = ShellOptions()
        options.width = { 0 }
        let engine = ShellEngine(session: Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles, options: options), output: output)

        #expect(!engine.execute("record start; set x 1; record save \(path)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious\n")
        #expect(output.errors.contains("record save: \(path) already exists; to replace it: record save \(path) --force"))

        #expect(engine.execute("record save \(path) --force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("set x 1"))
        #expect(engine.execute("record save --force \(path)"))
        #expect(!engine.execute("record save"))
    }
}
