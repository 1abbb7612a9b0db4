import Foundation
import Testing

/// `diff FILE@REV FILE --spec` (issue 47, item 7): a description compared with itself at a git revision,
/// read with `git show`, so a pull request is checked against `main` without a locator; and
/// `diff SERVICE V1 V2 --spec --against REV`, the files a locator names read at one revision.
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
        #expect(diff.stdout.contains("change between openapi.json at HEAD and openapi.json: 1 breaking"), "\(diff.stdout)")

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

    @Test func twoFilesAreEachNamedByTheirFile() throws {
        // GIVEN two description files, no repository
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.document(required: false, version: "1.0.0").write(toFile: folder + "/A.json", atomically: true, encoding: .utf8)
        try Self.document(required: true, version: "1.1.0").write(toFile: folder + "/B.json", atomically: true, encoding: .utf8)

        // WHEN they are diffed, as text, JSON and Markdown
        let text = try Apish.run(["--no-color", "-c", "diff A.json B.json --spec"], directory: folder)
        let json = try Apish.run(["--no-color", "-c", "diff A.json B.json --spec --format json"], directory: folder)
        let markdown = try Apish.run(["--no-color", "-c", "diff A.json B.json --spec --format markdown"], directory: folder)

        // THEN each side is its file, never "working tree"
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("change between A.json and B.json: 1 breaking"), "\(text.stdout)")
        #expect(json.stdout.contains(#""a": "A.json""#) && json.stdout.contains(#""b": "B.json""#), "\(json.stdout)")
        #expect(markdown.stdout.hasPrefix("# A.json → B.json\n"), "\(markdown.stdout)")
        #expect(!(text.stdout + json.stdout + markdown.stdout).contains("working tree"))
    }

    @Test func aServicesVersionsAreComparedAsARevisionHoldsTheirFiles() throws {
        // GIVEN a repository whose locator names api/v1.json and api/v2.json as two versions of pets; the
        // committed v2 adds an operation, and the work tree's v2 also makes v1's optional parameter required
        let repository = try makeTemporaryDirectory()
        let elsewhere = try makeTemporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: repository)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        try FileManager.default.createDirectory(atPath: repository + "/api", withIntermediateDirectories: true)
        let v1 = Self.document(required: false, version: "1.0.0")
        let added = #","/owners":{"get":{"operationId":"listOwners","responses":{"200":{"description":"ok"}}}}}}"#
        let v2 = { (required: Bool) in String(Self.document(required: required, version: "2.0.0").dropLast(2)) + added }
        try v1.write(toFile: repository + "/api/v1.json", atomically: true, encoding: .utf8)
        try v2(false).write(toFile: repository + "/api/v2.json", atomically: true, encoding: .utf8)
        try #"""
        {"services": [
          {"name": "pets", "url": "http://127.0.0.1:9/v1", "version": "v1", "openapi": "api/v1.json"},
          {"name": "pets", "url": "http://127.0.0.1:9/v2", "version": "v2", "openapi": "api/v2.json"}]}
        """#.write(toFile: repository + "/services.json", atomically: true, encoding: .utf8)
        try Self.git(["init", "-q"], in: repository)
        try Self.git(["add", "."], in: repository)
        try Self.git(["commit", "-q", "-m", "base"], in: repository)
        try v2(true).write(toFile: repository + "/api/v2.json", atomically: true, encoding: .utf8)
        let locator = repository + "/services.json"

        // WHEN the versions are diffed as HEAD holds them, from a folder outside the repository
        let committed = try Apish.run(["--no-color", "--locator", locator, "-c", "diff pets v1 v2 --spec --against HEAD"],
                                      directory: elsewhere)
        // THEN the committed files are compared: the added operation, not the work tree's required parameter
        #expect(committed.status == 0, "\(committed.stderr)")
        #expect(committed.stdout.contains("endpoint-added"), "\(committed.stdout)")
        #expect(!committed.stdout.contains("request-parameter-became-required"), "\(committed.stdout)")
        #expect(committed.stdout.contains("between pets v1@HEAD and v2@HEAD: 0 breaking"), "\(committed.stdout)")

        // AND without --against the work tree's files are, with the parameter made required
        let working = try Apish.run(["--no-color", "--locator", locator, "-c", "diff pets v1 v2 --spec"], directory: elsewhere)
        #expect(working.stdout.contains("request-parameter-became-required"), "\(working.stdout)")

        // AND a revision the repository lacks is one clear error naming the file's folder
        let missing = try Apish.run(["--no-color", "--locator", locator, "-c", "diff pets v1 v2 --spec --against no-such-branch"],
                                    directory: elsewhere)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("git show no-such-branch:./v1.json in ") && missing.stderr.contains("/api failed"),
                "\(missing.stderr)")

        // AND --against with FILE@REV words is refused, as they name their own revisions
        let mixed = try Apish.run(["--no-color", "-c", "diff api/v1.json@HEAD api/v2.json --spec --against HEAD"], directory: repository)
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("--against REV is for diff SERVICE V1 V2 --spec"), "\(mixed.stderr)")
    }
}
