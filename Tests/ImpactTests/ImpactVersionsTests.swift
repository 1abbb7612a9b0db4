import Testing

/// The two versions `impact` compares, as named on its line: `latest` is the service's highest version.
@Suite struct ImpactVersionsTests {
    @Test func latestIsTheHighestVersion() throws {
        // GIVEN v2 capping limit at 10
        let documents = [ImpactDryRunTests.document(version: 1, maximum: nil), ImpactDryRunTests.document(version: 2, maximum: 10)]
        // WHEN impact compares v1 with latest
        let output = try ImpactScratch.run("p", documents: documents, script: "use p v1\ncall listPets limit=50\n", versions: ("v1", "latest"))
        // THEN latest is v2: the call breaks on it, and --fix would switch the script to it
        #expect(output.contains("c.apish:1: use p v1: uses v1; --fix switches it to v2 — ok"), "\(output)")
        #expect(output.contains("c.apish:2: call listPets limit=50: call would refuse it on v2:"), "\(output)")
    }
}
