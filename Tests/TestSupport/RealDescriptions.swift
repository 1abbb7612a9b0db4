import Foundation

/// GitHub's and Stripe's published descriptions (Tests/Fixtures/github-stripe, see its SOURCE.md),
/// decompressed with `gzip -dc` into a scratch folder with the fixtures' `locator.json` beside them.
package final class RealDescriptions: Sendable {
    package static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/github-stripe")
    /// OpenAI's descriptions of 2024-07 and 2026-08 (Tests/Fixtures/openai-2024-2026, see its SOURCE.md).
    package static let openAIFixtures = fixtures.deletingLastPathComponent().appendingPathComponent("openai-2024-2026")
    /// The files, in a folder that goes with this value.
    private let scratch: ScratchDirectory
    package var folder: String { scratch.path }
    package var locator: String { scratch.path + "/locator.json" }

    /// Decompresses `names` (`stripe-2021-04-12.json`) of the folder `fixtures` and copies its locator, if
    /// it has one.
    package init(_ names: [String], from fixtures: URL = RealDescriptions.fixtures) throws {
        scratch = try ScratchDirectory()
        for name in names {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["gzip", "-dc", fixtures.appendingPathComponent(name + ".gz").path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
            try data.write(to: URL(fileURLWithPath: scratch.path + "/" + name))
        }
        let locatorFile = fixtures.appendingPathComponent("locator.json").path
        if FileManager.default.fileExists(atPath: locatorFile) { try FileManager.default.copyItem(atPath: locatorFile, toPath: locator) }
    }

    /// The bytes of one decompressed file.
    package func data(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/" + name))
    }
}
