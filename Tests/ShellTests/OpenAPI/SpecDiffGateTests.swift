import Foundation
import Testing
@testable import APIDescriptions

/// `diff --spec` as a CI gate (issue 47, item 7): `--fail-on` fails the command on a change of a level,
/// `--check-version` when `info.version` stepped less than the changes call for.
@Suite struct SpecDiffGateTests {
    @Test func failOnFailsTheCommandAtThatLevelOrGraver() throws {
        // GIVEN the demo pet store's v1 → v2: 4 breaking changes, 2 warnings
        let shell = try OpenAPICommandTests.shell()
        // WHEN gated on breaking changes / THEN the line fails, naming the count and the gate
        let breaking = shell.run("diff petstore v1 v2 --spec --fail-on breaking")
        #expect(!breaking.ok)
        #expect(OpenAPICommandTests.unwrapped(breaking.err).contains("diff --spec: 4 breaking (--fail-on breaking)"), "\(breaking.err)")
        let warning = shell.run("diff petstore v1 v2 --spec --fail-on warning")
        #expect(OpenAPICommandTests.unwrapped(warning.err).contains("4 breaking, 2 warning (--fail-on warning)"), "\(warning.err)")
        // AND the same diff without the gate passes, and a filter that keeps no breaking change passes the gate
        #expect(shell.run("diff petstore v1 v2 --spec").ok)
        #expect(shell.run("diff petstore v1 v2 --spec --only endpoint-* --fail-on breaking").ok)
        #expect(shell.run("diff petstore v1 v2 --spec --fail-on info").err.contains("--fail-on needs one of breaking or warning, not 'info'; usage: diff"))
    }

    @Test func checkVersionComparesTheImpliedBumpWithInfoVersion() throws {
        let shell = try OpenAPICommandTests.shell()
        // 1.0.0 → 2.0.0 with breaking changes is a major step: it passes
        #expect(shell.run("diff petstore v1 v2 --spec --check-version").ok)
        // the other way the version goes down: it fails, saying what the changes call for
        let back = shell.run("diff petstore v2 v1 --spec --check-version")
        #expect(!back.ok)
        #expect(OpenAPICommandTests.unwrapped(back.err).contains("is not a step up of MAJOR.MINOR.PATCH (the changes call for major)"), "\(back.err)")
    }

    @Test func theBumpAChangeSetCallsFor() {
        #expect(SemverBump.between("1.4.2", "2.0.0") == .major)
        #expect(SemverBump.between("v1.4.2", "1.5.0") == .minor)
        #expect(SemverBump.between("1.4.2", "1.4.3-beta.1") == .patch)
        #expect(SemverBump.between("1.4.2", "1.4.2") == SemverBump.none)
        #expect(SemverBump.between("1.4.2", "1.3.9") == nil)
        #expect(SemverBump.between("2024-01-01", "1.0.0") == nil)
        var report = SpecDiff.Report(changes: [SpecChange(id: "endpoint-added", operation: "GET /x", location: "operation", change: "added")])
        #expect(SemverBump.implied(by: report) == .minor)
        report.changes.append(SpecChange(id: "request-parameter-removed", operation: "GET /x", location: "parameter a", change: "removed"))
        #expect(SemverBump.implied(by: report) == .minor)
        report.changes.append(SpecChange(id: "api-path-removed-without-deprecation", operation: "GET /y", location: "operation", change: "removed"))
        #expect(SemverBump.implied(by: report) == .major)
        #expect(SemverBump.implied(by: SpecDiff.Report()) == SemverBump.none)
    }
}
