import Foundation
import Testing

/// `scripts/build-stamp`, which the build runs for `--version`, in throwaway git repositories.
@Suite(.enabled(if: CompletionEndToEndTests.which("git") != nil, "git is not installed"))
struct BuildStampEndToEndTests {
    let git = CompletionEndToEndTests.which("git") ?? "git"
    let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
                       "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
                       "GIT_CONFIG_NOSYSTEM": "1"]

    @discardableResult
    func run(_ program: String, _ arguments: [String], in directory: String) throws -> String {
        let result = try Apish.execute(arguments, environment: environment, stdin: nil, directory: URL(fileURLWithPath: directory),
                                       timeout: 30, executable: program)
        try #require(result.status == 0, "\(program) \(arguments): \(result.stderr)")
        return result.stdout
    }

    /// The stamp written for `package` (read back).
    func stamp(_ package: String) throws -> String {
        let output = package + "/../stamp-\(UUID().uuidString).swift"
        try run("/bin/sh", [ScriptFiles.repositoryRoot + "/scripts/build-stamp", package, output], in: package)
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    @Test func cleanModifiedAndUnknown() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let package = root + "/package"
        try FileManager.default.createDirectory(atPath: package + "/Sources", withIntermediateDirectories: true)
        try Data("let a = 1\n".utf8).write(to: URL(fileURLWithPath: package + "/Sources/a.swift"))
        // GIVEN a folder that is no clone  THEN the commit is unknown
        #expect(try stamp(package).contains("static let commit: String? = nil"))
        // GIVEN a commit of it
        try run(git, ["init", "-q"], in: package)
        try run(git, ["add", "."], in: package)
        try run(git, ["commit", "-qm", "one"], in: package)
        let head = try run(git, ["rev-parse", "HEAD"], in: package).trimmingCharacters(in: .whitespacesAndNewlines)
        let clean = try stamp(package)
        #expect(clean.contains("static let commit: String? = \"\(head)\""))
        #expect(clean.contains("static let sourcesModified: Bool? = false"))
        // WHEN a doc changes  THEN the sources are still clean; WHEN a source changes, or a new one comes  THEN modified
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: package + "/README.md"))
        #expect(try stamp(package).contains("sourcesModified: Bool? = false"))
        try Data("let b = 2\n".utf8).write(to: URL(fileURLWithPath: package + "/Sources/b.swift"))
        #expect(try stamp(package).contains("sourcesModified: Bool? = true"))
        // GIVEN a package folder inside another clone  THEN that clone's commit is not claimed
        let inner = package + "/Sources/inner"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        #expect(try stamp(inner).contains("static let commit: String? = nil"))
    }
}
