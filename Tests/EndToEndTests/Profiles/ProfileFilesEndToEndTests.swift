import DemoServer
import Foundation
import Testing

/// The files profiles keep, shared by processes that run at once and by runs started in other folders.
@Suite struct ProfileFilesEndToEndTests {
    @Test func twentyProcessesSavingAtOnceKeepEverySecret() throws {
        // GIVEN twenty runs of the binary, each saving its own bearer token into its own profile, all at once
        let home = try ProfileHome()
        defer { home.remove() }
        let count = 20
        let processes = try (1...count).map { index in
            try launch(["-c", "auth bearer Ss\(index)ConcurrentSecret twit", "-c", "profile save p\(index)"], home: home)
        }

        // WHEN they have all finished
        for (index, process) in processes.enumerated() {
            process.process.waitUntilExit()
            let errors = String(decoding: process.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.process.terminationStatus == 0, "p\(index + 1): \(errors)")
        }

        // THEN credentials.json holds every profile's secret, and each profile file is there
        let data = try Data(contentsOf: URL(fileURLWithPath: home.credentials))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let profiles = try #require(root["profiles"] as? [String: [String: String]])
        for index in 1...count {
            #expect(profiles["p\(index)"]?["bearer.twit"] == "Ss\(index)ConcurrentSecret", "p\(index): \(profiles.keys.sorted())")
            #expect(FileManager.default.fileExists(atPath: home.profile("p\(index)")))
        }
        #expect(try home.mode(home.credentials) == 0o600)

        // AND every profile can be used: its secret is found and goes with a like (the API requires one)
        for index in 1...count {
            let used = try home.run(["--profile", "p\(index)", "-c", "like t01"])
            #expect(used.status == 0, "p\(index): \(used.stderr)")
        }
    }

    @Test func aRelativeLocatorIsSavedAsTheFileItNamedThen() throws {
        // GIVEN folder X and folder Y, each with its own loc.json whose svc is a different place on the server
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let folderX = home.root + "/x", folderY = home.root + "/y"
        for (folder, place) in [(folderX, "x"), (folderY, "y")] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try #"{"services":[{"name":"svc","version":1,"url":"\#(server.baseURL)/echo/\#(place)"}]}"#
                .write(toFile: folder + "/loc.json", atomically: true, encoding: .utf8)
        }

        // WHEN a profile is saved in X with `--locator loc.json`, then used in Y
        let saved = try Apish.run(
            ["--locator", "loc.json", "-c", "auth bearer Pp6ProfileSecret svc", "-c", "profile save pq"],
            environment: home.environment, directory: folderX)
        #expect(saved.status == 0, "\(saved.stderr)")
        let used = try Apish.run(["--profile", "pq", "--json", "-c", "get svc/probe"], environment: home.environment, directory: folderY)

        // THEN the profile names X's loc.json by its absolute path, and the token went to X's svc, not Y's
        let file = try Data(contentsOf: URL(fileURLWithPath: home.profile("pq")))
        let profile = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
        let expected = URL(fileURLWithPath: folderX).resolvingSymlinksInPath().path + "/loc.json"
        #expect(profile["locator"] as? String == expected)
        #expect(used.status == 0, "\(used.stderr)")
        let echoed = used.jsonLines.last?["data"] as? [String: Any]
        #expect(echoed?["path"] as? String == "/echo/x/probe", "\(used.stdout)")
    }

    @Test func aLocatorURLIsSavedAsItIs() throws {
        let home = try ProfileHome()
        defer { home.remove() }
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = server.baseURL + "/services.json"
        let saved = try home.run(["--locator", locator, "-c", "profile save web"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try home.read(home.profile("web")).contains(#""locator": "\#(locator)""#))
    }

    private struct Running {
        let process: Process
        let errors: Pipe
    }

    /// Starts `apish ARGS` with the homes of `home` and returns without waiting, so that many run at once.
    private func launch(_ arguments: [String], home: ProfileHome) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Apish.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["APISH_PROFILE"] = nil
        environment["APISH_LOCATOR"] = nil
        for (key, value) in home.environment { environment[key] = value }
        process.environment = environment
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        return Running(process: process, errors: errors)
    }
}
