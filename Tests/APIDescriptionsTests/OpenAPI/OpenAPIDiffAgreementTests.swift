import Foundation
import Testing
import JSON
@testable import APIDescriptions

/// `SpecDiff` against openapi-diff's own tests (Tests/Fixtures/openapi-diff, see its SOURCE.md), the second
/// peer suite beside oasdiff's: each case is a pair of documents and the verdict openapi-diff's Java test
/// asserts (unchanged, compatible, incompatible, or only that something changed).
///
/// apish's verdict: no change is `unchanged`, info and warnings only `compatible`, any breaking change
/// `incompatible`. Every case where the two differ is listed in the fixture with its reason; where
/// openapi-diff and oasdiff disagree apish follows oasdiff, and the fixture says so (`kind: oasdiff`).
@Suite struct OpenAPIDiffAgreementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/openapi-diff")

    struct Disagreement {
        /// `oasdiff`: the peers disagree and apish gives oasdiff's verdict; `gap`: apish misses or refuses it.
        let kind: String
        let oasdiff: String?
        let reason: String
    }

    struct Case {
        let name: String
        let old: String
        let new: String
        let verdict: String
        /// `GET /path` or `/path` (any method): the Java test asserts about that operation only.
        let operation: String?
        let sameFile: Bool
        let disagreement: Disagreement?

        var label: String { name + (operation.map { " " + $0 } ?? "") }
    }

    static func cases() throws -> [Case] {
        let document = try JSONValue.parse(try Data(contentsOf: root.appendingPathComponent("cases.json")))
        return (document["cases"]?.arrayValue ?? []).map { item in
            Case(name: item["name"]?.stringValue ?? "?", old: item["old"]?.stringValue ?? "", new: item["new"]?.stringValue ?? "",
                 verdict: item["verdict"]?.stringValue ?? "?", operation: item["operation"]?.stringValue,
                 sameFile: item["same_file"]?.boolValue ?? false,
                 disagreement: item["disagreement"].map { entry in
                     Disagreement(kind: entry["kind"]?.stringValue ?? "?", oasdiff: entry["oasdiff"]?.stringValue,
                                  reason: entry["reason"]?.stringValue ?? "")
                 })
        }
    }

    static func document(_ file: String) throws -> OpenAPIDocument {
        let data = try Data(contentsOf: root.appendingPathComponent(file))
        return try OpenAPIDocument.parse(try APIDocumentText.parse(data), source: file)
    }

    /// apish's verdict on a case: `unchanged`, `compatible`, `incompatible`, or `refused` when a document
    /// does not load.
    static func verdict(_ testCase: Case) -> (verdict: String, changes: [SpecChange]) {
        guard let old = try? document(testCase.old), let new = try? document(testCase.new) else { return ("refused", []) }
        var changes = SpecDiff.report(old, new, today: "2026-01-01").changes
        if let operation = testCase.operation {
            func names(_ operation: String, _ wanted: String) -> Bool {
                operation == wanted || (wanted.hasPrefix("/") && operation.split(separator: " ", maxSplits: 1).last.map(String.init) == wanted)
            }
            changes = changes.filter { change in names(change.operation, operation) || change.usedBy.contains { names($0, operation) } }
        }
        if changes.isEmpty { return ("unchanged", changes) }
        return (changes.contains(where: \.breaking) ? "incompatible" : "compatible", changes)
    }

    /// Whether apish's verdict is the one asserted (`changed` and `not-incompatible` admit two).
    static func agrees(_ expected: String, _ apish: String) -> Bool {
        switch expected {
        case "changed": apish == "compatible" || apish == "incompatible"
        case "not-incompatible": apish == "unchanged" || apish == "compatible"
        case "no-changed-operations": apish == "unchanged"
        default: apish == expected
        }
    }

    @Test func everyDisagreementWithOpenAPIDiffIsListedWithItsReason() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 200)
        var agreeing = 0
        var followingOasdiff = 0
        var problems: [String] = []
        for testCase in cases {
            let (verdict, changes) = Self.verdict(testCase)
            let agrees = Self.agrees(testCase.verdict, verdict)
            if agrees { agreeing += 1 }
            switch (agrees, testCase.disagreement) {
            case (true, nil):
                break
            case (true, _?):
                problems.append("\(testCase.label): listed as a disagreement, but apish now says \(verdict) as openapi-diff does")
            case (false, nil):
                let found = changes.map { "\($0.level.rawValue) \($0.id) at \($0.operation) \($0.location)" }.joined(separator: "; ")
                problems.append("\(testCase.label): openapi-diff \(testCase.verdict), apish \(verdict) (\(found)), not listed")
            case (false, let listed?):
                // A case that follows oasdiff gives oasdiff's verdict; a refusal stays a refusal.
                if listed.kind == "oasdiff", listed.oasdiff != verdict {
                    problems.append("\(testCase.label): listed as following oasdiff (\(listed.oasdiff ?? "?")), apish says \(verdict)")
                } else if listed.kind == "oasdiff" {
                    followingOasdiff += 1
                }
                if listed.reason.isEmpty { problems.append("\(testCase.label): a disagreement without its reason") }
            }
        }
        let summary = "openapi-diff agreement: \(agreeing) of \(cases.count) cases; \(followingOasdiff) more give oasdiff's verdict "
            + "where the peers differ; \(cases.count - agreeing - followingOasdiff) are apish's own gaps"
        print(summary)
        #expect(problems.isEmpty, "\(summary)\n\(problems.joined(separator: "\n"))")
        // What this round reached; neither may fall.
        #expect(agreeing >= 144, "\(summary)")
        #expect(agreeing + followingOasdiff >= 215, "\(summary)")
    }

    /// A document compared with itself is unchanged, whatever it holds (recursion, discriminators, examples).
    @Test func aDocumentComparedWithItselfIsUnchanged() throws {
        for testCase in try Self.cases() where testCase.sameFile && testCase.disagreement == nil {
            #expect(Self.verdict(testCase).verdict == "unchanged", "\(testCase.label)")
        }
    }
}
