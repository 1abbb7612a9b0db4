import Foundation
import JSON
import Testing
import TestSupport
@testable import APIDescriptions

/// `SpecDiff` on Stripe's and GitHub's published descriptions (Tests/Fixtures/github-stripe): whole,
/// with every breaking change of Stripe's pair in `stripe-breaking.json`, each explained, and without the
/// false path-parameter changes GitHub's moved paths used to give (issue 47); and on OpenAI's of 2024-07
/// and 2026-08 (Tests/Fixtures/openai-2024-2026), every breaking change in `openai-breaking.json`.
@Suite struct RealDescriptionsDiffTests {
    static func report(_ a: String, _ b: String, from fixtures: URL = RealDescriptions.fixtures) throws -> SpecDiff.Report {
        let files = try RealDescriptions([a, b], from: fixtures)
        func document(_ name: String) throws -> OpenAPIDocument {
            try OpenAPIDocument.parse(try APIDocumentText.parse(try files.data(name)), source: files.folder + "/" + name)
        }
        return SpecDiff.report(try document(a), try document(b), today: "2026-12-01")
    }

    static let stripe = Result { try report("stripe-2021-04-12.json", "stripe-2022-04-12.json") }
    static let github = Result { try report("github-2020-11-27.json", "github-2021-10-10.json") }
    static let openAI = Result { try report("openai-2024-07-19.yaml", "openai-2026-08-21.yaml", from: RealDescriptions.openAIFixtures) }

    struct Entry: Hashable, CustomStringConvertible {
        let id, operation, location: String
        let a, b: String?
        var description: String { "\(id) at \(operation): \(location) (\(a ?? "-") → \(b ?? "-"))" }
    }

    @Test func stripesDiffIsWholeAndItsBreakingChangesAreTheOnesExplained() throws {
        try Self.expectExplained(try Self.stripe.get(), golden: RealDescriptions.fixtures.appendingPathComponent("stripe-breaking.json"))
    }

    @Test func openAIsDiffIsWholeAndItsBreakingChangesAreTheOnesExplained() throws {
        try Self.expectExplained(try Self.openAI.get(), golden: RealDescriptions.openAIFixtures.appendingPathComponent("openai-breaking.json"))
    }

    @Test func openAIsRespellingsAreNoChange() throws {
        let report = try Self.openAI.get()
        // seed: ±2^63 written exactly (2024), then printed from a double as ±9223372036854776000 (2026)
        let seed = report.changes.filter { $0.location == "CreateChatCompletionRequest.seed" }
        #expect(seed.map(\.id) == ["request-property-deprecated"], "\(seed)")
        // model: any string, or one of a list of names, both times
        let model = report.changes.filter { $0.location.hasSuffix(".model") && $0.id.contains("-of-") }
        #expect(!model.contains { $0.breaking }, "\(model)")
        // response_format: 3.0's $ref with nullable, 3.1's anyOf [$ref, null]; nothing of nullability or type
        let respelled = ["AssistantObject.response_format", "CreateAssistantRequest.response_format", "ModifyAssistantRequest.response_format"]
        let nullability = report.changes.filter { respelled.contains($0.location) && ($0.id.contains("nullable") || $0.id.contains("type-")) }
        #expect(nullability.isEmpty, "\(nullability)")
    }

    /// The report is whole and its breaking changes are exactly those `golden` lists, each with its `why`.
    static func expectExplained(_ report: SpecDiff.Report, golden file: URL) throws {
        #expect(!report.cancelled && report.uncompared == 0 && report.omittedCount == 0, "the diff must be whole")
        let golden = try JSONValue.parse(try Data(contentsOf: file))
        let name = file.lastPathComponent
        let listed = (golden["breaking"]?.arrayValue ?? []).map { item in
            Entry(id: item["id"]?.stringValue ?? "", operation: item["operation"]?.stringValue ?? "",
                  location: item["location"]?.stringValue ?? "", a: item["a"]?.stringValue, b: item["b"]?.stringValue)
        }
        #expect((golden["breaking"]?.arrayValue ?? []).allSatisfy { !($0["why"]?.stringValue ?? "").isEmpty }, "each is explained")
        let found = report.changes.filter(\.breaking).map { Entry(id: $0.id, operation: $0.operation, location: $0.location, a: $0.a, b: $0.b) }
        let unexplained = found.filter { !listed.contains($0) }
        let gone = listed.filter { !found.contains($0) }
        #expect(unexplained.isEmpty, "breaking, but not in \(name):\n\(unexplained.map(\.description).joined(separator: "\n"))")
        #expect(gone.isEmpty, "in \(name), but no longer reported:\n\(gone.map(\.description).joined(separator: "\n"))")
    }

    @Test func stripesCheckoutSessionLostShippingRates() throws {
        let report = try Self.stripe.get()
        #expect(report.changes.contains {
            $0.id == "request-property-removed" && $0.operation == "POST /v1/checkout/sessions" && $0.location == "request body.shipping_rates"
        })
    }

    @Test func aMaxLengthThatBecameAShortEnumIsNoChange() throws {
        let report = try Self.stripe.get()
        let statusOrReason = report.changes.filter {
            ($0.location == "charge.status" || $0.location == "refund.reason") && $0.id.contains("max-length")
        }
        #expect(statusOrReason.isEmpty, "\(statusOrReason)")
    }

    @Test func aComponentAnsweredDirectlyIsUsedByThatOperation() throws {
        let report = try Self.stripe.get()
        // three_d_secure_details sits in charge's payment details; GET /v1/charges/{charge} answers charge itself
        let change = try #require(report.changes.first { $0.operation == "components.schemas.three_d_secure_details" })
        #expect(change.usedBy.contains("GET /v1/charges/{charge}"))
        #expect(change.usedBy.contains("POST /v1/3d_secure"))
    }

    @Test func githubsMovedPathsKeepTheirParameters() throws {
        let report = try Self.github.get()
        #expect(!report.cancelled && report.uncompared == 0)
        let attachments = report.changes.filter { $0.operation == "POST /content_references/{content_reference_id}/attachments" }
        #expect(!attachments.contains { $0.location == "parameter content_reference_id" }, "\(attachments)")
        #expect(Set(attachments.filter { $0.id == "new-request-path-parameter" }.map(\.location)) == ["parameter owner", "parameter repo"])
        let compare = report.changes.filter { $0.operation == "GET /repos/{owner}/{repo}/compare/{base}...{head}" }
        #expect(!compare.contains { $0.breaking }, "\(compare)")
        // Anywhere: no path parameter is "new" that the older path already had
        let falseNew = report.changes.filter { change in
            change.id == "new-request-path-parameter" && change.location.hasPrefix("parameter ")
                && change.operation.contains("{\(change.location.dropFirst("parameter ".count))}")
        }
        #expect(falseNew.isEmpty, "\(falseNew)")
    }
}
