import Importers
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// hurl's `redact` on a capture has no apish equivalent (apish masks a variable by its name): the capture is
/// imported, and the mark stays as a comment with a warning, not dropped silently.
@Suite struct HurlRedactTests {
    @Test func aRedactedCaptureIsImportedAndItsMarkKeptAsANote() throws {
        // GIVEN a hurl file whose capture is marked redact
        let folder = FileManager.default.temporaryDirectory.path + "/apish-redact-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/login.hurl"
        try "POST https://example.test/login\nHTTP 200\n[Captures]\ncode: jsonpath \"$.code\" redact\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        // WHEN it is imported
        let imported = try ScriptImport.script(files: [file])
        // THEN the capture is a let, the mark a comment, and one warning names it
        #expect(imported.script.contains("let code = "), "\(imported.script)")
        #expect(imported.script.contains("# not translated (hurl redact): code: jsonpath \"$.code\" redact"), "\(imported.script)")
        #expect(imported.warnings == ["not translated: hurl redact, kept as a # comment"], "\(imported.warnings)")
    }
}
