import Foundation
import Testing

/// The files `apish serve --init DIR` writes work as a locator: `--locator DIR/services.json`.
@Suite struct ServeInitLocatorEndToEndTests {
    @Test func theWrittenFolderWorksAsAFileLocatorWithItsEdits() throws {
        // GIVEN the demo fixtures written to a folder, with Richmond's v2 temperature edited
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = parent + "/demo"
        let written = try Apish.run(["serve", "--init", folder])
        #expect(written.status == 0, "\(written.stderr)")
        let weather = folder + "/weather/v2.json"
        let original = try String(contentsOfFile: weather, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "\"currentTemperature\": 63", with: "\"currentTemperature\": 64")
        #expect(edited != original, "the fixture has Richmond at 63")
        try edited.write(toFile: weather, atomically: true, encoding: .utf8)

        // WHEN it is used as a file locator
        let result = try Apish.run(["--no-color", "--locator", folder + "/services.json", "-c", "use weather v2", "-c", "refresh"])

        // THEN the services answer, from the edited files
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Temperature  64°F"), "\(result.stdout)")
        #expect(result.stderr.contains("serving the demo fixtures of \(folder)"))
    }
}
