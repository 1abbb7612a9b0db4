import DemoAPIs
import Facade
import Foundation
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Commands

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

    @Test func aRecordingStartsWithOnlyWhatTheSessionSet() throws {
        let directory = NSTemporaryDirectory() + "apish-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func freshEngine() -> ShellEngine {
            var options = ShellOptions()
            options.width = { 0 }
            let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
            return ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles, options: options), output: BufferedOutput())
        }
        func commands(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        }

        // GIVEN a fresh session  WHEN it records  THEN the script starts with the first command typed
        #expect(freshEngine().execute("record start; set x 1; record save \(directory)/fresh.apish"))
        #expect(try commands(directory + "/fresh.apish") == ["set x 1"])

        // GIVEN a session that set a place and a variable  WHEN it records  THEN both come first, the place as its API's command
        #expect(freshEngine().execute("location 37.5 127; set x 1; record start; set y 2; record save \(directory)/placed.apish"))
        #expect(try commands(directory + "/placed.apish") == ["location 37.5 127", "set x 1", "set y 2"])
    }

    @Test func whatMakesNoSenseOnReplayIsLeftOutWhateverNameTypedIt() throws {
        let directory = NSTemporaryDirectory() + "apish-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = ShellOptions()
        options.width = { 0 }
        let engine = ShellEngine(session: Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles, options: options), output: BufferedOutput())

        // GIVEN help, history and their aliases typed while recording (`q` quits, after the save)
        #expect(engine.execute("record start; set x 1; help use; ? set; HISTORY; set y 2; record save \(directory)/take.apish; q"))

        // THEN the script holds only what replays
        let lines = try String(contentsOfFile: directory + "/take.apish", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == ["set x 1", "set y 2"])
    }

    @Test func aTokenThatIsAlsoACommandWordIsRecordedAsItsReferenceOnly() throws {
        let directory = NSTemporaryDirectory() + "apish-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = ShellOptions()
        options.width = { 0 }
        let engine = ShellEngine(session: Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles, options: options), output: BufferedOutput())

        // GIVEN a bearer token that is the word `auth`
        #expect(engine.execute("record start; auth bearer auth https://api.example.test; record save \(directory)/take.apish"))

        // THEN the line keeps its command words and only the token becomes its reference
        let lines = try String(contentsOfFile: directory + "/take.apish", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == ["auth bearer ${env.APISH_BEARER:-redacted} https://api.example.test"])
    }
}
