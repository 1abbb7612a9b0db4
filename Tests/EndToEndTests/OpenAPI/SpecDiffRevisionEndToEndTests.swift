import Foundation
import Testing

/// `diff FILE@REV FILE --spec` (issue 47, item 7): a description compared with itself at a git revision,
/// read with `git show`, so a pull request is checked against `main` without a locator.
@Suite struct SpecDiffRevisionEndToEndTests {
    private static func document(required: Bool, version: String) -> String {
        #"""
        {"openapi":"3.0.3","info":{"title":"pets","version":"\#(version)"},"paths":{"/pets":{"get":{"operationId":"listPets",
          "parameters":[{"name":"species","in":"query","required":\#(required),"schema":{"type":"string"}}],
          "responses":{"200":{"description":"ok"}}}}}}
        """#
    }

    private static func git(_ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test func aFileIsComparedWithItsCommittedRevision() throws {
        // GIVEN a repository whose committed openapi.json has an optional parameter, made required in the work tree
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.git(["init", "-q"], in: folder)
        try Self.document(required: false, version: "1.0.0").write(toFile: folder + "/openapi.json", atomically: true, encoding: .utf8)
        try Self.git(["add", "openapi.json"], in: folder)
        try Self.git(["commit", "-q", "-m", "base"], in: folder)
        try Self.document(required: true, version: "1.1.0").write(toFile: folder + "/openapi.json", atomically: true, encoding: .utf8)

        // WHEN the pull request's description is diffed against HEAD
        let diff = try Apish.run(["--no-color", "-c", "diff openapi.json@HEAD openapi.json --spec"], directory: folder)
        // THEN the change is found, between the revision and the work tree
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("request-parameter-became-required"), "\(diff.stdout)")
        #expect(diff.stdout.contains("changes between openapi.json HEAD and working tree: 1 breaking")
            || diff.stdout.contains("change between openapi.json HEAD and working tree: 1 breaking"), "\(diff.stdout)")

        // AND the gates fail it: a breaking change, and 1.0.0 → 1.1.0 is less than the major step it calls for
        let gated = try Apish.run(["--no-color", "-c", "diff openapi.json@HEAD openapi.json --spec --fail-on breaking --check-version"],
                                  directory: folder)
        #expect(gated.status == 1)
        #expect(gated.stderr.contains("(--fail-on breaking)") && gated.stderr.contains("call for a major version"), "\(gated.stderr)")

        // AND a revision that does not exist is one clear error
        let missing = try Apish.run(["--no-color", "-c", "diff openapi.json@no-such-branch openapi.json --spec"], directory: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("git show no-such-branch:./openapi.json failed"), "\(missing.stderr)")
    }
}
