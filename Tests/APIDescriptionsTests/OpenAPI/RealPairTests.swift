import Foundation
import Testing
import JSON
@testable import APIDescriptions

/// `SpecDiff` on a real pair: OpenAI's published description as it was on 2025-04-29 (OpenAPI 3.0.0) and
/// on 2026-05-13 (3.1.0), in Tests/Fixtures/real-pair (see its SOURCE.md). Every breaking change apish
/// reports is in `breaking.json`, explained or listed as a false positive, and `breaking.md` is written
/// from it: when the engine finds a breaking change more or less, these tests say which.
@Suite struct RealPairTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/real-pair")

    /// What names one change: its id, where it is reported, what in it changed, and the values before and
    /// after (two enum values removed at one place are two changes).
    struct Entry: Hashable, CustomStringConvertible {
        let id: String
        let operation: String
        let location: String
        let a: String?
        let b: String?

        init(id: String, operation: String, location: String, a: String?, b: String?) {
            (self.id, self.operation, self.location, self.a, self.b) = (id, operation, location, a, b)
        }

        init(_ change: SpecChange) {
            self.init(id: change.id, operation: change.operation, location: change.location, a: change.a, b: change.b)
        }

        var description: String { "\(id) at \(operation): \(location) (\(a ?? "-") → \(b ?? "-"))" }
    }

    struct Golden {
        let a: String
        let b: String
        let today: String
        let counts: JSONValue
        let explained: [Entry]
        let falsePositives: [Entry]
    }

    static func golden() throws -> Golden {
        let document = try JSONValue.parse(try Data(contentsOf: root.appendingPathComponent("breaking.json")))
        func entries(_ key: String) -> [Entry] {
            (document[key]?.arrayValue ?? []).map { item in
                Entry(id: item["id"]?.stringValue ?? "", operation: item["operation"]?.stringValue ?? "",
                      location: item["location"]?.stringValue ?? "", a: item["a"]?.stringValue, b: item["b"]?.stringValue)
            }
        }
        return Golden(a: document["pair"]?["a"]?.stringValue ?? "", b: document["pair"]?["b"]?.stringValue ?? "",
                      today: document["pair"]?["today"]?.stringValue ?? "", counts: document["counts"] ?? .null,
                      explained: entries("explained"), falsePositives: entries("falsePositives"))
    }

    static func document(_ file: String) throws -> OpenAPIDocument {
        let data = try Data(contentsOf: root.appendingPathComponent(file))
        return try OpenAPIDocument.parse(try APIDocumentText.parse(data), source: file)
    }

    /// The diff, made once for all the tests (two documents of 1.4 and 2.8 MB).
    static let diff: Result<(golden: Golden, report: SpecDiff.Report), any Error> = Result {
        let listed = try golden()
        return (listed, SpecDiff.report(try document(listed.a), try document(listed.b), today: listed.today))
    }

    @Test func theBreakingChangesAreExactlyTheOnesListed() throws {
        let (golden, report) = try Self.diff.get()
        #expect(!report.cancelled && report.uncompared == 0 && report.omittedCount == 0, "the diff must be whole to be compared")
        let found = report.changes.filter(\.breaking).map(Entry.init)
        #expect(Set(found).count == found.count, "a breaking change is reported twice")
        let listed = Set(golden.explained).union(golden.falsePositives)
        #expect(listed.count == golden.explained.count + golden.falsePositives.count, "breaking.json lists an entry twice")
        let unexplained = found.filter { !listed.contains($0) }
        let gone = (golden.explained + golden.falsePositives).filter { !Set(found).contains($0) }
        #expect(unexplained.isEmpty, "breaking, but not in breaking.json:\n\(unexplained.map(\.description).joined(separator: "\n"))")
        #expect(gone.isEmpty, "in breaking.json, but no longer reported:\n\(gone.map(\.description).joined(separator: "\n"))")
    }

    @Test func theCountsAreTheOnesTheGoldenFileStates() throws {
        let (golden, report) = try Self.diff.get()
        let counts = golden.counts
        #expect(report.total == counts["changes"]?.intValue)
        #expect(report.breaking == counts["breaking"]?.intValue)
        #expect(report.count(.warning) == counts["warnings"]?.intValue)
        #expect(report.count(.info) == counts["info"]?.intValue)
        #expect(golden.explained.count + golden.falsePositives.count == counts["breaking"]?.intValue)
    }

    /// `string | null` → `string` is a change of null-ness alone: a respelling when it is one, and never a
    /// type change.
    @Test func noBreakingChangeDiffersOnlyByNull() throws {
        let (_, report) = try Self.diff.get()
        func withoutNull(_ text: String) -> String {
            text.components(separatedBy: " | ").filter { $0 != "null" }.joined(separator: " | ")
        }
        let nullOnly = report.changes.filter { change in
            guard change.breaking, let a = change.a, let b = change.b, a != b else { return false }
            return withoutNull(a) == withoutNull(b)
        }
        #expect(nullOnly.isEmpty, "\(nullOnly.map(\.description).joined(separator: "\n"))")
    }

    /// breaking.md is written from breaking.json by render-breaking.py; it must not fall behind.
    @Test func theMarkdownListsEveryEntry() throws {
        let (golden, _) = try Self.diff.get()
        let markdown = try String(contentsOf: Self.root.appendingPathComponent("breaking.md"), encoding: .utf8)
        let lines = markdown.components(separatedBy: "\n")
        let explained = lines.drop { $0 != "## Explained" }.prefix { $0 != "## False positives" }
        let falsePositives = lines.drop { $0 != "## False positives" }
        // Each explained change is a line under the heading of its id.
        var byHeading: [String: [String]] = [:]
        var heading = ""
        for line in explained {
            if line.hasPrefix("### ") { heading = String(line.dropFirst(4).prefix { $0 != " " }) } else { byHeading[heading, default: []].append(line) }
        }
        for entry in golden.explained {
            #expect(byHeading[entry.id, default: []].contains { $0.hasPrefix("- `\(entry.operation)` · `\(entry.location)`") },
                    "breaking.md does not explain \(entry)")
        }
        for entry in golden.falsePositives {
            #expect(falsePositives.contains { $0.hasPrefix("- `\(entry.id)` · `\(entry.operation)` · `\(entry.location)`") },
                    "breaking.md does not list the false positive \(entry)")
        }
        #expect(explained.count { $0.hasPrefix("- `") } == golden.explained.count)
        #expect(falsePositives.count { $0.hasPrefix("- `") } == golden.falsePositives.count)
    }
}
