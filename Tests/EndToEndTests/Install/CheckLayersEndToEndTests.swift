import Foundation
import Testing

/// `scripts/check-layers` on a throwaway copy of the package: clean as it is, and failing, with the line that
/// names it, once one violation is planted.
@Suite struct CheckLayersEndToEndTests {
    /// One violation: what to change in the copy and the line check-layers must print for it.
    struct Plant: Sendable, CustomTestStringConvertible {
        let kind: String
        /// Files written (path → text), then `Package.swift` edits (old → new, each must be found).
        let files: [String: String]
        let manifestEdits: [(String, String)]
        let expected: [String]
        var unexpected: [String] = []

        var testDescription: String { kind }
    }

    static let plants: [Plant] = [
        Plant(kind: "an import of a module the target does not depend on",
              files: ["Tests/SecretsTests/Planted.swift": "import Shell\n"], manifestEdits: [],
              expected: ["Tests/SecretsTests imports Shell, which is not among the dependencies Package.swift gives SecretsTests"]),
        Plant(kind: "a dependency the target never imports",
              files: [:],
              manifestEdits: [(#".testTarget(name: "LineEditingTests", dependencies: ["LineEditing"])"#,
                               #".testTarget(name: "LineEditingTests", dependencies: ["LineEditing", "JSON"])"#)],
              expected: ["Package.swift: LineEditingTests depends on JSON, which no file in Tests/LineEditingTests imports"]),
        Plant(kind: "a dependency the layers table does not allow",
              files: ["Sources/JSON/Planted.swift": "import HTTPServer\n"],
              manifestEdits: [(#".target(name: "JSON", dependencies: ["FoundationFree"]"#,
                               #".target(name: "JSON", dependencies: ["FoundationFree", "HTTPServer"]"#)],
              expected: ["Package.swift: JSON depends on HTTPServer, which its row in docs/architecture.md does not allow"]),
        Plant(kind: "demo names in the core, unquoted, outside comments",
              files: ["Sources/Shell/Planted.swift": [
                  "// groups near, Meetup and London named in a comment are allowed",
                  "let plantedHint = \"no place set; try: groups near 51.5 -0.13\"",
                  "/* a block comment: London */ let plantedOrigin = MeetupAPI.defaultOrigin",
                  "let plantedCity = \"London\" // the default place",
              ].joined(separator: "\n") + "\n"],
              manifestEdits: [],
              expected: ["Sources/Shell/Planted.swift:2:", "Sources/Shell/Planted.swift:3: let plantedOrigin = MeetupAPI.defaultOrigin",
                         "Sources/Shell/Planted.swift:4:"],
              unexpected: ["Planted.swift:1:", "block comment", "the default place"]),
    ]

    /// A copy of what check-layers reads: the manifest, every target's folder, the docs and the script itself.
    func copyOfThePackage() throws -> String {
        let root = try makeTemporaryDirectory()
        for item in ["Package.swift", "Sources", "Tests", "Benchmarks", "Fuzz", "Plugins", "docs", "scripts"] {
            try FileManager.default.copyItem(atPath: ScriptFiles.repositoryRoot + "/" + item, toPath: root + "/" + item)
        }
        return root
    }

    func checkLayers(in root: String) throws -> (status: Int32, output: String) {
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C"]
        let result = try Apish.execute([root + "/scripts/check-layers"], environment: environment, stdin: nil,
                                       directory: URL(fileURLWithPath: root), timeout: 120, executable: "/bin/bash")
        return (result.status, result.stdout + result.stderr)
    }

    @Test(arguments: plants)
    func aPlantedViolationFailsTheCheck(_ plant: Plant) throws {
        // GIVEN a copy of the package, which passes as it is
        let root = try copyOfThePackage()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let clean = try checkLayers(in: root)
        try #require(clean.status == 0, "check-layers fails on the package itself:\n\(clean.output)")

        // WHEN one violation is planted
        for (path, text) in plant.files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
        }
        if !plant.manifestEdits.isEmpty {
            var manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
            for (old, new) in plant.manifestEdits {
                try #require(manifest.contains(old), "Package.swift no longer has \(old)")
                manifest = manifest.replacingOccurrences(of: old, with: new)
            }
            try Data(manifest.utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        }

        // THEN check-layers fails and names it
        let planted = try checkLayers(in: root)
        #expect(planted.status == 1, "\(planted.output)")
        for line in plant.expected {
            #expect(planted.output.contains(line), "missing \(line) in:\n\(planted.output)")
        }
        for text in plant.unexpected {
            #expect(!planted.output.contains(text), "\(text) reported in:\n\(planted.output)")
        }
    }
}
