import Foundation
import Testing
import TestSupport

/// `apish impact … --fix` from the command line against a version B whose document is shell syntax
/// (an operationId `getPet;help | touch PWNED #`, a renamed parameter, enum values holding `'`, `$`, `>`
/// and a newline): the migrated script replays without running anything the document wrote, each word
/// arriving at the demo's echo route as the document named it; and `--fix` refuses to replace its input
/// however the input is spelled.
@Suite struct ImpactHostileEndToEndTests {
    static let client = """
        use hostile v1
        call showPet 7
        call showPet 8 size=3
        call getThing 2 color=red
        call listKinds
        call createPet name=Rex kind=dog
        get hostile/old/3

        """

    @Test func aHostileDocumentCannotWriteCommandsIntoTheMigratedScript() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HostileSpecs.writeService(in: folder, url: server.baseURL + "/echo/api")
        try Self.client.write(toFile: folder + "/c.apish", atomically: true, encoding: .utf8)
        // GIVEN a client of v1 WHEN impact migrates it to the hostile v2
        let impact = try Apish.run(["--no-color", "--locator", "services.json", "impact", "c.apish", "hostile", "v1", "v2",
                                    "--fix", "m.apish"], directory: folder)
        #expect(impact.status == 1, "\(impact.stderr)")
        let migrated = try String(contentsOfFile: folder + "/m.apish", encoding: .utf8)
        // THEN every line is a comment or one of the client's commands: no newline in a value or a comment
        // started a line of its own
        for line in migrated.split(separator: "\n") {
            #expect(["# impact: ", "use ", "call ", "get "].contains { line.hasPrefix($0) }, "\(line)\n\(migrated)")
        }
        #expect(migrated.contains(#"(also: a\nb # touch PWNED)"#), "\(migrated)")
        // WHEN the migrated script is replayed
        let replay = try Apish.run(["--no-color", "--json", "--locator", "services.json", "m.apish"], directory: folder)
        // THEN nothing the document wrote ran
        #expect(!FileManager.default.fileExists(atPath: folder + "/PWNED"), "\(replay.stdout)\n\(replay.stderr)")
        // AND each request went out with the document's words as words: one operation, one query name, one
        // enum value, one property name, one path segment
        let results = replay.jsonLines
        #expect(results.count == 7, "\(replay.stdout)\n\(replay.stderr)")
        guard results.count == 7 else { return }
        func data(_ index: Int) -> [String: Any]? { results[index]["data"] as? [String: Any] }
        #expect(results[0]["ok"] as? Bool == true)
        #expect(data(1)?["path"] as? String == "/echo/api/pets/7", "\(results[1])")
        #expect(data(1)?["query"] as? [String: String] == ["mode": "it's $HOME ${x} > o; #"], "\(results[1])")
        // The old parameter is gone from v2; the line fails, as a single call of the renamed operation.
        #expect(results[2]["ok"] as? Bool == false)
        #expect((results[2]["error"] as? String)?.hasPrefix("getPet;help | touch PWNED # has no parameter 'size'") == true, "\(results[2])")
        #expect(data(3)?["query"] as? [String: String] == ["co lor$HOME${x};#|>'": "red"], "\(results[3])")
        // The only allowed values of shade hold a newline or come second: left to a comment, not filled in.
        #expect(results[4]["ok"] as? Bool == false)
        #expect(data(5)?["json"] as? [String: String] == ["name": "Rex", "ki$nd'>x": "dog", "status": "@/etc/passwd"], "\(results[5])")
        #expect(data(6)?["path"] as? String == "/echo/api/new%3Btouch%20PWNED%20%23/3", "\(results[6])")
    }

    @Test func fixRefusesToReplaceItsInputHoweverItIsSpelled() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HostileSpecs.writeService(in: folder, url: "http://127.0.0.1:9/hostile")
        try Self.client.write(toFile: folder + "/s.apish", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.apish", withDestinationPath: folder + "/s.apish")
        // GIVEN the script spelled as ./s.apish, as an absolute path and as a symlink to it
        for spelling in ["./s.apish", folder + "/s.apish", "link.apish", "./link.apish"] {
            // WHEN impact is asked to write its migration there
            let result = try Apish.run(["--no-color", "--locator", "services.json", "impact", "s.apish", "hostile", "v1", "v2",
                                        "--fix", spelling], directory: folder)
            // THEN it fails with one line, and the script is as it was
            #expect(result.status != 0)
            #expect(result.stderr.contains("impact: --fix \(spelling) would overwrite the script itself; name another file\n"), "\(result.stderr)")
            #expect(!result.stdout.contains("wrote"), "\(result.stdout)")
            #expect(try String(contentsOfFile: folder + "/s.apish", encoding: .utf8) == Self.client, "\(spelling)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.apish")) == folder + "/s.apish")
        }
        // AND the HTML report is held to the same rule
        let report = try Apish.run(["--no-color", "--locator", "services.json", "impact", "s.apish", "hostile", "v1", "v2",
                                    "--report", "html", "./s.apish"], directory: folder)
        #expect(report.status != 0)
        #expect(try String(contentsOfFile: folder + "/s.apish", encoding: .utf8) == Self.client)
        // AND a file that does not exist yet is no input: it is written
        let fresh = try Apish.run(["--no-color", "--locator", "services.json", "impact", "s.apish", "hostile", "v1", "v2",
                                   "--fix", "./new.apish"], directory: folder)
        #expect(fresh.stdout.contains("wrote ./new.apish"), "\(fresh.stdout)\n\(fresh.stderr)")
        #expect(try String(contentsOfFile: folder + "/new.apish", encoding: .utf8).hasPrefix("use hostile v2\n"))
    }
}
